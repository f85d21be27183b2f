#!/usr/bin/env bash
# openapi-generator `java` client, `native` library, through its Maven plugin (pom.xml): generate from
# $SPEC into $WORK/client, compile it with harness/Harness.java into $WORK/build, run the harness.
# Offline: tools/generators/setup.sh put every artifact in the local Maven repository.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mvn=(mvn -B -o -ntp -Dstyle.color=never -f "$here/pom.xml")

last_error() { grep -E '^\[ERROR\]|Exception|error:' "$1" | head -n 3 | tr '\n' ' '; }

if "${mvn[@]}" generate-sources > "$WORK/generate.log" 2>&1; then
  warnings=$(grep -c '^\[WARNING\]' "$WORK/generate.log")
  echo "RESULT generate pass $warnings generator warnings (see the log)"
  grep '^\[WARNING\]' "$WORK/generate.log" | sort | uniq -c
else
  cat "$WORK/generate.log"; echo "RESULT generate fail $(last_error "$WORK/generate.log")"; exit 1
fi

if "${mvn[@]}" compile dependency:build-classpath -Dmdep.outputFile="$WORK/classpath.txt" > "$WORK/compile.log" 2>&1; then
  echo "RESULT compile pass javac --release 17"
else
  cat "$WORK/compile.log"; echo "RESULT compile fail $(last_error "$WORK/compile.log")"; exit 1
fi

java -cp "$WORK/build/classes:$(cat "$WORK/classpath.txt")" Harness
