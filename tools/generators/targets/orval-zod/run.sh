#!/usr/bin/env bash
# orval with its fetch client, zod schemas and runtime response validation, driven by the orval target's
# adapter and fetcher.ts; prints the RESULT lines (tools/generators/README.md).
generate() { on_node24 orval --config "$target_dir/orval.config.mjs"; }
adapter_from=orval
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
