#!/usr/bin/env bash
# orval with its fetch client, zod schemas and runtime response validation, given the orval target's
# fetcher.ts at run time; prints the RESULT lines (tools/generators/README.md).
generate() { cp "$target_dir/../orval/fetcher.ts" src/ && orval --config "$target_dir/orval.config.mjs"; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
