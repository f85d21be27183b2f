#!/usr/bin/env bash
# Installs what `pnpm test:generators` needs, from the registries, pinned and cached; safe to run again.
#   Python: a venv in tools/generators/.venv from requirements.txt (--require-hashes), pip's cache
#   Go:     the modules of targets/oapi-codegen/go.mod and go.sum in the Go module cache, tool built
#   Java:   the Maven plugin and artifacts of targets/openapi-generator-java/pom.xml in ~/.m2
# then every targets/*/setup.sh. A missing or too old toolchain stops it with one line saying so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# Where the official Go tarball installs; Debian's own Go is too old for oapi-codegen.
[ -d /usr/local/go/bin ] && export PATH="/usr/local/go/bin:$PATH"
export GOTOOLCHAIN=local  # never download another Go

die() { echo "generators setup: $*" >&2; exit 1; }
# need <command> <name> <minimum> <version found>: fails with one line when missing or older than minimum.
need() {
  local found=$4
  [ -n "$found" ] || die "$2 $3 or newer is required: \`$1\` was not found on PATH"
  [ "$(printf '%s\n%s\n' "$3" "$found" | sort -V | head -n 1)" = "$3" ] || die "$2 $3 or newer is required, found $found (\`$(command -v "$1")\`)"
}
version_of() { command -v "$1" > /dev/null 2>&1 && { "${@:2}" 2>&1 || true; } | grep -oE '[0-9]+(\.[0-9]+)+' | head -n 1; }

need python3 Python 3.10 "$(version_of python3 python3 --version)"
need go Go 1.25 "$(version_of go go env GOVERSION)"
need java Java 17 "$(version_of java java -version)"
need mvn Maven 3.6.3 "$(version_of mvn mvn -v)"

started=$SECONDS
step() { echo "generators setup: $1 ($((SECONDS - started)) s)"; }

step "Python venv from requirements.txt"
if [ ! -x "$here/.venv/bin/python" ]; then python3 -m venv "$here/.venv"; fi
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$here/requirements.txt"

step "Go modules and oapi-codegen"
(cd "$here/targets/oapi-codegen" && go mod download && go mod verify > /dev/null && go tool oapi-codegen -version > /dev/null)

step "Maven artifacts for openapi-generator"
# One real build of the generated client (from the last released spec) fetches every plugin and
# dependency the offline matrix run uses; compiling our harness is left to the matrix.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! SPEC="$repo/spec/released/openapi.json" WORK="$scratch" mvn -B -ntp -Dstyle.color=never \
  -f "$here/targets/openapi-generator-java/pom.xml" -Dmaven.main.skip=true \
  generate-sources compile dependency:build-classpath -Dmdep.outputFile="$scratch/classpath.txt" > "$scratch/maven.log" 2>&1; then
  tail -n 30 "$scratch/maven.log" >&2
  die "Maven could not fetch the artifacts for openapi-generator (log above)"
fi

for target_setup in "$here"/targets/*/setup.sh; do
  [ -e "$target_setup" ] || continue
  step "$(basename "$(dirname "$target_setup")")"
  bash "$target_setup"
done
step "done"
