# Sourced by each TypeScript target's run.sh after it defines generate(), which writes the client into
# $WORK/src/generated. This file copies the harness and the target's .ts files (adapter.ts and any fetch
# it passes to the client) into $WORK/src, generates, type-checks everything with tsc (strict), runs the
# harness and prints the RESULT lines. A variant of another target (its zod flavour) sets
# adapter_from=<that target's id> to run the same adapter on its own generated client.
set -u
: "${SPEC:?}" "${WORK:?}" "${SANDBOX_URL:?}" "${MERCHANT_ID:?}" "${SECRET_KEY:?}" "${RECORDER_URL:?}" "${VECTORS:?}"
harness_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
target_dir=$(cd "$(dirname "$0")" && pwd)
export PATH="$target_dir/node_modules/.bin:$PATH"
later_checks="filters paging auth401 vectors evolve-filters evolve-paging evolve-auth401"
# Generators whose packages declare engines node >= 22 (hey-api, orval) generate on the workspace's
# pinned Node 24 (the root's node-linux-* dependency); the generated client is still compiled and run on
# the machine's Node.
pinned_node="$harness_dir/../../../node_modules/.bin/node"

on_node24() {
  [ -x "$pinned_node" ] || { echo "the pinned Node 24 is missing at $pinned_node: run bash tools/setup.sh" >&2; return 1; }
  # A folder holding only `node`, so the root's other bins do not shadow the target's own.
  local node_dir
  node_dir=$(mktemp -d)
  ln -s "$(cd "$(dirname "$pinned_node")" && pwd)/node" "$node_dir/node"
  PATH="$node_dir:$PATH" "$@"
  local status=$?
  rm -rf "$node_dir"
  return $status
}

result() { echo "RESULT $1 $2 $3"; }
last_lines() { tail -n 5 "$1" | tr '\n' ' ' | cut -c1-400; }
skip_from() { for check in $1; do result "$check" fail "not run: $2"; done; }

run_target() {
  if [ ! -x "$target_dir/node_modules/.bin/tsc" ]; then
    skip_from "generate compile $later_checks" "dependencies missing (run tools/generators/setup.sh)"
    return 0
  fi
  mkdir -p "$WORK/src"
  ln -sfn "$target_dir/node_modules" "$WORK/node_modules"
  printf '{ "private": true, "type": "commonjs" }\n' > "$WORK/package.json"
  cp "$harness_dir/tsconfig.json" "$WORK/tsconfig.json"
  cp "$harness_dir/harness.ts" "$target_dir/../${adapter_from:-$(basename "$target_dir")}"/*.ts "$WORK/src/"

  local started=$SECONDS
  if ! (cd "$WORK" && generate) > "$WORK/generate.log" 2>&1 || [ -z "$(ls -A "$WORK/src/generated" 2>/dev/null)" ]; then
    result generate fail "$(last_lines "$WORK/generate.log")"
    skip_from "compile $later_checks" "generation failed"
    return 0
  fi
  result generate pass "$(find "$WORK/src/generated" -name '*.ts' | wc -l) files in $((SECONDS - started)) s"

  started=$SECONDS
  if ! (cd "$WORK" && tsc -p tsconfig.json) > "$WORK/compile.log" 2>&1; then
    result compile fail "$(grep -c 'error TS' "$WORK/compile.log") errors, first: $(grep -m1 'error TS' "$WORK/compile.log" | cut -c1-300)"
    skip_from "$later_checks" "compilation failed"
    return 0
  fi
  result compile pass "tsc strict, no errors, $((SECONDS - started)) s"

  if ! (cd "$WORK" && node out/adapter.js) > "$WORK/harness.log" 2> "$WORK/harness.err"; then
    grep '^RESULT ' "$WORK/harness.log"
    local ran
    ran=$(grep -o '^RESULT [a-z0-9]*' "$WORK/harness.log" | cut -d' ' -f2 | tr '\n' ' ')
    for check in $later_checks; do
      case " $ran " in *" $check "*) ;; *) result "$check" fail "harness exited early: $(last_lines "$WORK/harness.err")" ;; esac
    done
    return 0
  fi
  grep '^RESULT ' "$WORK/harness.log"
}
