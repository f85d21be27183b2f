#!/usr/bin/env bash
# Kubb (plugin-ts and plugin-client on Kubb's axios client); prints the RESULT lines (tools/generators/README.md).
generate() { kubb generate --config "$target_dir/kubb.config.mjs" --logLevel silent; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
