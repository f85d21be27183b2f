#!/usr/bin/env bash
# openapi-zod-client (a zodios client on axios, with zod validation of parameters and responses);
# prints the RESULT lines (tools/generators/README.md).
generate() { mkdir -p src/generated && openapi-zod-client "$SPEC" --output src/generated/client.ts; }
source "$(dirname "$0")/../../ts-harness/run-target.sh"
run_target
