#!/usr/bin/env bash
# openapi-generator `go` client with default settings: generate from $SPEC into $WORK/client, build it
# with harness/main.go as one module (harness/go.mod points the generated module path at ./client), run
# it. The generated client needs nothing beyond Go's standard library.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export GOTOOLCHAIN=${GOTOOLCHAIN:-local} GOFLAGS=-mod=mod GOPROXY=off  # nothing to download: the client has no dependencies

last_line() { grep -v '^\s*$' "$1" | tail -n 1; }

if bash "$here/../../openapi-generator.sh" go "$WORK/client"; then
  echo "RESULT generate pass $(grep -c ' WARN ' "$WORK/client.log") generator warnings (see the log), $(find "$WORK/client" -name '*.go' | wc -l) Go files"
else
  cat "$WORK/client.log"; echo "RESULT generate fail $(last_line "$WORK/client.log")"; exit 1
fi
cat "$WORK/client.log"

cp "$here/harness/go.mod" "$here/harness/main.go" "$here/../../go-harness/matrix.go" "$WORK/"
if (cd "$WORK" && go vet ./... && go build -o harness-bin .) > "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass go vet and go build"
else
  cat "$WORK/compile.log"; echo "RESULT compile fail $(last_line "$WORK/compile.log")"; exit 1
fi

"$WORK/harness-bin"

# The docs' samples in Go (docs-samples.mjs): written by the page's renderer into ./samples/<name>/main.go
# of the same module (its go.mod replaces the generated module path, as each sample's comment says),
# gofmt-clean, vetted, built and run.
if node "$here/../../docs-samples.mjs" write Go "$WORK/samples" &&
   (cd "$WORK" && unformatted=$(gofmt -l samples) && { [ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; false; }; } &&
     go vet ./samples/... && go build -o "$WORK/samples-bin/" ./samples/...) > "$WORK/samples.log" 2>&1; then
  node "$here/../../docs-samples.mjs" run Go "$WORK/samples" -- "$WORK/samples-bin/{name}"
else
  cat "$WORK/samples.log"; echo "RESULT samples fail the docs' samples did not compile: $(last_line "$WORK/samples.log")"
fi
