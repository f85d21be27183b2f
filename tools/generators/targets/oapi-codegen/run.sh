#!/usr/bin/env bash
# oapi-codegen: generate types and client from $SPEC into $WORK/client (settings in oapi-codegen.yaml),
# build them with harness/main.go as one module (this folder's go.mod and go.sum, read-only), run it.
# Needs tools/generators/setup.sh (the modules in the Go module cache).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export GOTOOLCHAIN=${GOTOOLCHAIN:-local} GOFLAGS=-mod=readonly GOPROXY=off  # only what setup.sh put in the module cache

last_line() { grep -v '^\s*$' "$1" | tail -n 1; }

cp "$here/go.mod" "$here/go.sum" "$WORK/" && mkdir -p "$WORK/client" "$WORK/harness" && cp "$here/harness/main.go" "$here/../../go-harness/matrix.go" "$WORK/harness/"
if (cd "$here" && go tool oapi-codegen -config oapi-codegen.yaml -o "$WORK/client/client.go" "$SPEC") > "$WORK/generate.log" 2>&1; then
  echo "RESULT generate pass"
else
  cat "$WORK/generate.log"; echo; echo "RESULT generate fail $(last_line "$WORK/generate.log")"; exit 1
fi

if (cd "$WORK" && go vet ./... && go build -o harness-bin ./harness) > "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass go vet and go build"
else
  cat "$WORK/compile.log"; echo; echo "RESULT compile fail $(last_line "$WORK/compile.log")"; exit 1
fi

"$WORK/harness-bin"
