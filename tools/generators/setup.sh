#!/usr/bin/env bash
# Installs what `pnpm test:generators` needs, from the registries, pinned and cached; safe to run again.
#   Debian:  libssl-dev and pkg-config (the Rust client's native-tls), with apt when missing
#   Python:  a venv in tools/generators/.venv from requirements.txt (--require-hashes), pip's cache
#   Go:      the modules of targets/oapi-codegen/go.mod and go.sum in the Go module cache, tool built
#   openapi-generator: its CLI jar in ~/.m2; then one real build of each client it generates, from the
#            current description, so that the matrix runs offline: the Java client's generated pom.xml
#            (plugins and dependencies), the Kotlin client with targets/openapi-generator-kotlin/pom.xml,
#            the Rust client with the crates of targets/openapi-generator-rust/harness/Cargo.lock
#            (compiled into .cache/rust-target, which the matrix reuses)
# then every targets/*/setup.sh. A missing or too old toolchain stops it with one line saying so.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# Where the official Go tarball installs; Debian's own Go is too old for oapi-codegen.
[ -d /usr/local/go/bin ] && export PATH="/usr/local/go/bin:$PATH"
# Never download another Go, unless the caller names the exact toolchain (CI does: GOTOOLCHAIN=go1.26.8).
export GOTOOLCHAIN=${GOTOOLCHAIN:-local}

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
need cargo Rust 1.85 "$(version_of cargo cargo --version)"

started=$SECONDS
step() { echo "generators setup: $1 ($((SECONDS - started)) s)"; }

step "OpenSSL headers for the Rust client (apt)"
if ! pkg-config --exists openssl 2> /dev/null; then
  if [ "$(id -u)" = 0 ]; then apt_get="apt-get"; else apt_get="sudo apt-get"; fi
  DEBIAN_FRONTEND=noninteractive $apt_get update -qq
  DEBIAN_FRONTEND=noninteractive $apt_get install -y -qq libssl-dev pkg-config > /dev/null
fi

step "Python venv from requirements.txt"
if [ ! -x "$here/.venv/bin/python" ]; then python3 -m venv "$here/.venv"; fi
"$here/.venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$here/requirements.txt"

step "Go modules and oapi-codegen"
(cd "$here/targets/oapi-codegen" && go mod download && go mod verify > /dev/null && go tool oapi-codegen -version > /dev/null)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# run_logged <what> <command...>: runs it with its output in a log, shown only when it fails.
run_logged() {
  local what=$1; shift
  if ! "$@" > "$scratch/step.log" 2>&1; then
    tail -n 30 "$scratch/step.log" >&2
    die "$what failed (log above)"
  fi
}

step "openapi-generator CLI"
generator_version=$(sed -n 's/^version=//p' "$here/openapi-generator.sh")
run_logged "fetching openapi-generator-cli $generator_version" \
  mvn -B -ntp -Dstyle.color=never dependency:get -Dartifact="org.openapitools:openapi-generator-cli:$generator_version" -Dtransitive=false

step "the description, bundled (the clients below are generated from it)"
run_logged "bundling the description (pnpm install first)" pnpm --dir "$repo" --filter @merchant-ordering/spec bundle
export SPEC="$repo/spec/dist/openapi.json"
generate() { run_logged "openapi-generator $1" bash "$here/openapi-generator.sh" "$1" "$2"; }

step "Java client: its generated pom.xml's plugins and dependencies"
generate java "$scratch/java"
run_logged "building the generated Java client" \
  mvn -B -ntp -Dstyle.color=never -f "$scratch/java/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$scratch/java.classpath"

step "Kotlin client: kotlin-maven-plugin and its dependencies"
mkdir -p "$scratch/kotlin"
generate kotlin "$scratch/kotlin/client"
run_logged "building the generated Kotlin client" \
  env WORK="$scratch/kotlin" mvn -B -ntp -Dstyle.color=never -f "$here/targets/openapi-generator-kotlin/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$scratch/kotlin.classpath"

step "Rust client: the crates of Cargo.lock, compiled"
mkdir -p "$scratch/rust"
generate rust "$scratch/rust/client"
cp -r "$here/targets/openapi-generator-rust/harness/." "$scratch/rust/"
run_logged "building the generated Rust client" \
  env CARGO_TARGET_DIR="$here/.cache/rust-target" bash -c "cd '$scratch/rust' && cargo fetch && cargo build --offline"

for target_setup in "$here"/targets/*/setup.sh; do
  [ -e "$target_setup" ] || continue
  step "$(basename "$(dirname "$target_setup")")"
  bash "$target_setup"
done
step "done"
