#!/usr/bin/env bash
# openapi-generator `python` client with default settings: generate from $SPEC into $WORK/client
# (package openapi_client), byte-compile and import it, then run harness.py against the sandboxes and
# the recorder. Its dependencies (pydantic, urllib3, python-dateutil) are in the venv of
# tools/generators/setup.sh (requirements.txt).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../../.venv"
[ -x "$venv/bin/python" ] || { echo "RESULT generate fail no venv at $venv: run bash tools/generators/setup.sh"; exit 1; }
export PATH="$venv/bin:$PATH"

last_line() { grep -v '^\s*$' "$1" | tail -n 1; }

if bash "$here/../../openapi-generator.sh" python "$WORK/client"; then
  echo "RESULT generate pass $(grep -c ' WARN ' "$WORK/client.log") generator warnings (see the log), $(find "$WORK/client/openapi_client" -name '*.py' | wc -l) Python files"
else
  cat "$WORK/client.log"; echo "RESULT generate fail $(last_line "$WORK/client.log")"; exit 1
fi
cat "$WORK/client.log"

if python -m compileall -q "$WORK/client/openapi_client" > "$WORK/compile.log" 2>&1 && (cd "$WORK/client" && python -c 'import openapi_client') >> "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass byte-compiled and imported"
else
  cat "$WORK/compile.log"; echo "RESULT compile fail $(last_line "$WORK/compile.log")"; exit 1
fi

python "$here/harness.py"

# The docs' samples in Python (docs-samples.mjs): written by the page's renderer, byte-compiled, each
# run as `python <file>` with the client importable as `pip install ./merchant-client` would make it.
samples="$WORK/samples"
if node "$here/../../docs-samples.mjs" write Python "$samples" && python -m compileall -q "$samples" > "$WORK/samples.log" 2>&1; then
  PYTHONPATH="$WORK/client" node "$here/../../docs-samples.mjs" run Python "$samples" -- python {file}
else
  cat "$WORK/samples.log"; echo "RESULT samples fail the docs' samples did not compile: $(last_line "$WORK/samples.log")"
fi
