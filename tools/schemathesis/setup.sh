#!/usr/bin/env bash
# Installs Schemathesis for `pnpm test:schemathesis`: a venv in tools/schemathesis/.venv (gitignored)
# from requirements.txt, every package pinned and hashed (--require-hashes), pip's cache reused.
# Safe to run again. Needs Python 3.10 or newer; without it, says so in one line and fails.
# To change the pin: edit requirements.in, then
#   pip-compile --allow-unsafe --generate-hashes --no-emit-find-links --no-emit-index-url \
#     --output-file=requirements.txt --strip-extras requirements.in
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "schemathesis setup: $*" >&2; exit 1; }
command -v python3 > /dev/null 2>&1 || die "Python 3.10 or newer is required: \`python3\` was not found on PATH"
python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
  || die "Python 3.10 or newer is required, found $(python3 --version 2>&1) (\`$(command -v python3)\`)"
python3 -c 'import venv, ensurepip' 2> /dev/null || die "Python's venv module with ensurepip is required (Debian: apt-get install python3-venv)"

if [ ! -x "$here/.venv/bin/python" ]; then python3 -m venv "$here/.venv"; fi
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$here/requirements.txt"
"$here/.venv/bin/schemathesis" --version > /dev/null || die "the venv has no working schemathesis"
echo "schemathesis setup: $("$here/.venv/bin/schemathesis" --version) in tools/schemathesis/.venv"
