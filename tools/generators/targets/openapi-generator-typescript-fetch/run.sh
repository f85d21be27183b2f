#!/usr/bin/env bash
# openapi-generator `typescript-fetch` client with default settings; prints the RESULT lines
# (tools/generators/README.md). The generator is openapi-generator's CLI (openapi-generator.sh).
generate() { bash "$target_dir/../../openapi-generator.sh" typescript-fetch src/generated; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
