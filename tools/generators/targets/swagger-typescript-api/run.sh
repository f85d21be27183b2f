#!/usr/bin/env bash
# swagger-typescript-api with its default fetch client and enums as unions (a caller passes strings); prints the RESULT lines (tools/generators/README.md).
# No --http-client flag: in 13.13.0 any value of it, "fetch" included, selects the axios client.
generate() { swagger-typescript-api generate --path "$SPEC" --output src/generated --name client.ts --enum-style=union; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
