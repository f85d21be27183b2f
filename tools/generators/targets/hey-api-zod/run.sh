#!/usr/bin/env bash
# @hey-api/openapi-ts with the fetch client and zod validation; prints the RESULT lines (tools/generators/README.md).
generate() { openapi-ts --file "$target_dir/openapi-ts.config.mjs" --no-log-file; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
