#!/usr/bin/env bash
# swagger-typescript-api with its default fetch client and defaults; prints the RESULT lines (tools/generators/README.md).
# No --http-client flag: in 13.13.0 any value of it, "fetch" included, selects the axios client.
generate() { swagger-typescript-api generate --path "$SPEC" --output src/generated --name client.ts; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
