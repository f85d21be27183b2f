#!/usr/bin/env bash
# Installs what a fresh machine lacks: the pinned pnpm, Chromium for the browser tests, and the
# workspace's dependencies from the lockfile, which include the runtime matrix's Node 22 and 24, Bun
# and Deno (npm packages in tools/runtimes; their install scripts are allowed in pnpm-workspace.yaml).
# Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  npm install --global --no-fund --no-audit "pnpm@$pnpm_version"
fi

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
  DEBIAN_FRONTEND=noninteractive $apt_get update -qq
  DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq chromium >/dev/null
fi

pnpm install --frozen-lockfile
