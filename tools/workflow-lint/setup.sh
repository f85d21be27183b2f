#!/usr/bin/env bash
# Installs the two workflow linters into tools/workflow-lint/.bin, from registries only:
#   actionlint  the Go module pinned in go.mod/go.sum here, built with `go build` (Go proxy)
#   zizmor      from PyPI, pinned with hashes in requirements.txt, in a virtualenv of its own
#   shellcheck  Debian's package, which actionlint runs on every `run:` script (GitHub's runners have it)
# Needs Go >= 1.21 (go.mod's toolchain line is fetched from the Go proxy when older) and Python >= 3.9
# with venv. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")"

command -v go >/dev/null 2>&1 || { echo "workflow-lint: Go is not on PATH (needed to build actionlint)" >&2; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "workflow-lint: python3 is not on PATH (needed for zizmor)" >&2; exit 1; }

if ! command -v shellcheck >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
  DEBIAN_FRONTEND=noninteractive $apt_get update -qq
  DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq shellcheck >/dev/null
fi

mkdir -p .bin
# -mod=readonly: the build uses go.mod/go.sum as committed and fails rather than updating them.
GOFLAGS=-mod=readonly GOTOOLCHAIN=auto go build -trimpath -o .bin/actionlint github.com/rhysd/actionlint/cmd/actionlint

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv || { echo "workflow-lint: python3 -m venv failed (on Debian: apt-get install python3-venv)" >&2; exit 1; }
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --require-hashes -r requirements.txt
ln -sf ../.venv/bin/zizmor .bin/zizmor

echo "workflow-lint: actionlint $(.bin/actionlint --version | head -n 1), zizmor $(.bin/zizmor --version | awk '{print $2}'), shellcheck $(shellcheck --version | awk '/^version:/ {print $2}')"
