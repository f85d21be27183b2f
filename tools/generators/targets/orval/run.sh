#!/usr/bin/env bash
# orval with its fetch client, given fetcher.ts at run time; prints the RESULT lines (tools/generators/README.md).
# It generates on the pinned Node 24 (on_node24): orval 8.38.0 declares engines node >= 22.18.
generate() { on_node24 orval --config "$target_dir/orval.config.mjs"; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
