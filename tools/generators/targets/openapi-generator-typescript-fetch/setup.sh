#!/usr/bin/env bash
# Installs this target's pinned generator and harness dependencies (package-lock.json) with npm ci.
exec bash "$(dirname "$0")/../../ts-harness/install.sh" "$(dirname "$0")"
