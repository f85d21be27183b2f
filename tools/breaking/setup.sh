#!/usr/bin/env bash
# Installs what `pnpm test:breaking` needs: oasdiff, pinned in go.mod and go.sum (a `tool` of this
# module, run as `go tool oasdiff`), in the Go module cache. oasdiff v1.36.0 needs Go 1.26; a missing or
# older Go stops it with one line saying so. Safe to run again.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# Where the official Go tarball installs; Debian's own Go is too old.
[ -d /usr/local/go/bin ] && export PATH="/usr/local/go/bin:$PATH"
# Never download another Go, unless the caller names the exact toolchain (CI does: GOTOOLCHAIN=go1.26.8).
export GOTOOLCHAIN=${GOTOOLCHAIN:-local}

die() { echo "breaking setup: $*" >&2; exit 1; }
found=$(command -v go > /dev/null && go env GOVERSION | grep -oE '[0-9]+(\.[0-9]+)+' || true)
[ -n "$found" ] || die "Go 1.26 or newer is required: \`go\` was not found on PATH"
[ "$(printf '%s\n%s\n' 1.26 "$found" | sort -V | head -n 1)" = 1.26 ] || die "Go 1.26 or newer is required (oasdiff v1.36.0), found $found"

cd "$here"
go mod download
go mod verify > /dev/null
go tool oasdiff --version > /dev/null
echo "breaking setup: oasdiff $(sed -n 's/^\tgithub.com\/oasdiff\/oasdiff \(v[^ ]*\).*/\1/p' go.mod) ready"
