#!/usr/bin/env bash
# @hey-api/openapi-ts with the fetch client; prints the RESULT lines (tools/generators/README.md).
# It generates on the pinned Node 24 (on_node24): @hey-api/openapi-ts 0.99.0 declares engines node >= 22.18.
generate() { on_node24 openapi-ts --file "$target_dir/openapi-ts.config.mjs" --no-log-file; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
