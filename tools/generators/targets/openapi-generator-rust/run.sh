#!/usr/bin/env bash
# openapi-generator `rust` client with default settings (reqwest with native-tls, so OpenSSL's headers:
# libssl-dev and pkg-config, from tools/generators/setup.sh): generate from $SPEC into $WORK/client,
# build it with harness/ (its Cargo.lock pins every crate; --offline: setup.sh fetched them), run it.
# Compiled crates are kept in tools/generators/.cache/rust-target, so a second run rebuilds only the
# client and the harness.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR="$here/../../.cache/rust-target" CARGO_TERM_COLOR=never

last_lines() { grep -E '^error' -A 4 "$1" | head -n 6 | tr '\n' ' '; }

if bash "$here/../../openapi-generator.sh" rust "$WORK/client"; then
  echo "RESULT generate pass $(grep -c ' WARN ' "$WORK/client.log") generator warnings (see the log), $(find "$WORK/client/src" -name '*.rs' | wc -l) Rust files"
else
  cat "$WORK/client.log"; echo "RESULT generate fail $(tail -n 1 "$WORK/client.log")"; exit 1
fi
cat "$WORK/client.log"

# The lock names the generated crate's version (info.version); cargo may rewrite that one entry offline,
# never a registry crate's.
cp -r "$here/harness/Cargo.toml" "$here/harness/Cargo.lock" "$here/harness/src" "$WORK/"
if (cd "$WORK" && cargo build --offline) > "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass cargo build ($(grep -c '^warning' "$WORK/compile.log") warnings)"
else
  cat "$WORK/compile.log"; echo "RESULT compile fail $(last_lines "$WORK/compile.log")"; exit 1
fi

"$CARGO_TARGET_DIR/debug/matrix-harness"

# The docs' samples in Rust (docs-samples.mjs): written by the page's renderer as binaries of the same
# crate (src/bin/<name>.rs; its Cargo.toml has the two dependencies each sample's comment names),
# built and run.
if node "$here/../../docs-samples.mjs" write Rust "$WORK" && (cd "$WORK" && cargo build --offline --bins) > "$WORK/samples.log" 2>&1; then
  node "$here/../../docs-samples.mjs" run Rust "$WORK" -- "$CARGO_TARGET_DIR/debug/{main}"
else
  cat "$WORK/samples.log"; echo "RESULT samples fail the docs' samples did not compile: $(last_lines "$WORK/samples.log")"
fi
