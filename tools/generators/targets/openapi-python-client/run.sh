#!/usr/bin/env bash
# openapi-python-client: generate a client from $SPEC into $WORK/client, byte-compile and import it,
# then run harness.py against the sandbox and the recorder. Needs tools/generators/setup.sh (the venv).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/../../.venv"
[ -x "$venv/bin/openapi-python-client" ] || { echo "RESULT generate fail no venv at $venv: run bash tools/generators/setup.sh"; exit 1; }
export PATH="$venv/bin:$PATH"  # the generator runs ruff from the venv on what it wrote

last_line() { grep -v '^\s*$' "$1" | tail -n 1; }

if openapi-python-client generate --path "$SPEC" --output-path "$WORK/client" --meta none > "$WORK/generate.log" 2>&1; then
  warnings=$(grep -c -i 'warning' "$WORK/generate.log")
  if [ "$warnings" -eq 0 ]; then echo "RESULT generate pass"; else echo "RESULT generate fail $(tr '\n' ' ' < "$WORK/generate.log")"; fi
else
  echo "RESULT generate fail $(last_line "$WORK/generate.log")"; exit 1
fi
cat "$WORK/generate.log"

if python -m compileall -q "$WORK/client" > "$WORK/compile.log" 2>&1 && (cd "$WORK" && python -c 'import client.api.payments.list_payments, client.api.configuration.get_configuration') >> "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass byte-compiled and imported"
else
  cat "$WORK/compile.log"; echo; echo "RESULT compile fail $(last_line "$WORK/compile.log")"; exit 1
fi

python "$here/harness.py"
