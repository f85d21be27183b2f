#!/usr/bin/env bash
# orval with its fetch client, given fetcher.ts at run time; prints the RESULT lines (tools/generators/README.md).
generate() { orval --config "$target_dir/orval.config.mjs"; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
