#!/usr/bin/env bash
# Installs one TypeScript target's pinned generator and harness dependencies from its package-lock.json
# with `npm ci`, in the target's own node_modules (the workspace's pnpm install does not grow). Install
# scripts stay off: none is needed (esbuild finds its platform package; es5-ext's only prints a message).
# Skips the install when node_modules already matches the lockfile, so running it again is cheap and safe.
set -euo pipefail
target_dir=$(cd "$1" && pwd)
command -v npm > /dev/null || { echo "$(basename "$target_dir"): npm is not on PATH (Node >= 20.19 with npm is needed)"; exit 1; }
stamp="$target_dir/node_modules/.installed-from-lock"
wanted=$(sha256sum "$target_dir/package-lock.json" | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  echo "$(basename "$target_dir"): dependencies up to date"
  exit 0
fi
(cd "$target_dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
echo "$wanted" > "$stamp"
echo "$(basename "$target_dir"): installed from package-lock.json"
