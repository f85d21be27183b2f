#!/usr/bin/env bash
# `pnpm lint:workflows`: actionlint and zizmor on .github/workflows, both required to report nothing.
# Run tools/workflow-lint/setup.sh first. zizmor runs its offline audits only: nothing here may reach
# GitHub, so the audits that ask GitHub's API (e.g. whether a pinned SHA matches its tag) are left out.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."

case "${1-}" in
  '') ;;
  -h | --help)
    printf '%s\n' 'usage: pnpm lint:workflows' '' \
      'actionlint (with shellcheck) and zizmor (offline audits) on .github/workflows; both must report nothing.' \
      'Install them first with `bash tools/workflow-lint/setup.sh`.' '' \
      '  --version   the version of the API description' '  -h, --help  this text'
    exit 0 ;;
  --version) exec node -e 'import("./tools/command-line.mjs").then((m) => console.log(m.descriptionVersion()))' ;;
  # As every command of ours (read-flags.js): the flag is named, its value (after =) never echoed.
  *) echo "pnpm lint:workflows: unknown flag ${1%%=*} (see pnpm lint:workflows --help)" >&2; exit 2 ;;
esac

for tool in actionlint zizmor; do
  [ -x "$here/.bin/$tool" ] || { echo "lint:workflows: $tool is not installed; run: bash tools/workflow-lint/setup.sh" >&2; exit 1; }
done

status=0
# actionlint also runs shellcheck on every run: script (setup.sh installs it). -shellcheck= with no
# path would turn that off; we never do.
command -v shellcheck >/dev/null 2>&1 || { echo "lint:workflows: shellcheck is not on PATH; run: bash tools/workflow-lint/setup.sh" >&2; exit 1; }
"$here/.bin/actionlint" -no-color .github/workflows/*.yml || status=1
"$here/.bin/zizmor" --offline --no-progress --format plain .github/workflows || status=1
[ "$status" -eq 0 ] && echo "lint:workflows: actionlint and zizmor found nothing"
exit "$status"
