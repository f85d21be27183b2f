#!/usr/bin/env bash
# @hey-api/openapi-ts with the fetch client and zod validation, driven by the hey-api target's adapter;
# prints the RESULT lines (tools/generators/README.md).
generate() { on_node24 openapi-ts --file "$target_dir/openapi-ts.config.mjs" --no-log-file; }
adapter_from=hey-api
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
