#!/usr/bin/env bash
# openapi-generator `java` client, `native` library, through its Maven plugin (pom.xml): generate from
# $SPEC into $WORK/client, compile it with harness/Harness.java into $WORK/build, run the harness.
# One Maven run (a JVM start costs ~30 s here); generation is judged by the generator's file list.
# Offline: tools/generators/setup.sh put every artifact in the local Maven repository.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

first_errors() { grep -E '^\[ERROR\]|Exception|error:' "$1" | head -n 3 | tr '\n' ' '; }

mvn -B -o -ntp -Dstyle.color=never -f "$here/pom.xml" generate-sources compile \
  dependency:build-classpath -Dmdep.outputFile="$WORK/classpath.txt" > "$WORK/maven.log" 2>&1
built=$?
grep '^\[WARNING\]' "$WORK/maven.log" | sort | uniq -c
if [ -s "$WORK/client/.openapi-generator/FILES" ]; then
  echo "RESULT generate pass $(grep -c '^\[WARNING\]' "$WORK/maven.log") Maven/generator warnings (see the log)"
else
  cat "$WORK/maven.log"; echo; echo "RESULT generate fail $(first_errors "$WORK/maven.log")"; exit 1
fi
if [ "$built" -eq 0 ]; then
  echo "RESULT compile pass javac --release 17"
else
  cat "$WORK/maven.log"; echo; echo "RESULT compile fail $(first_errors "$WORK/maven.log")"; exit 1
fi

java -cp "$WORK/build/classes:$(cat "$WORK/classpath.txt")" Harness
