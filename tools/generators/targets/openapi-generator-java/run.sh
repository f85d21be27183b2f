#!/usr/bin/env bash
# openapi-generator `java` client with default settings (library okhttp-gson): generate from $SPEC into
# $WORK/client, build it with the pom.xml it generates (offline: tools/generators/setup.sh filled the
# local Maven repository), compile Harness.java against it with javac, run the harness.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

first_errors() { grep -E '^\[ERROR\]|Exception|error:' "$1" | head -n 3 | tr '\n' ' '; }

if bash "$here/../../openapi-generator.sh" java "$WORK/client"; then
  echo "RESULT generate pass $(grep -c ' WARN ' "$WORK/client.log") generator warnings (see the log), $(find "$WORK/client/src/main" -name '*.java' | wc -l) Java files"
else
  cat "$WORK/client.log"; echo "RESULT generate fail $(first_errors "$WORK/client.log")"; exit 1
fi
cat "$WORK/client.log"

if mvn -B -o -ntp -Dstyle.color=never -f "$WORK/client/pom.xml" compile dependency:build-classpath \
     -Dmdep.outputFile="$WORK/classpath.txt" > "$WORK/maven.log" 2>&1 &&
   classpath="$WORK/client/target/classes:$(cat "$WORK/classpath.txt")" &&
   javac --release 17 -d "$WORK/harness" -cp "$classpath" "$here/Harness.java" >> "$WORK/maven.log" 2>&1; then
  echo "RESULT compile pass the generated pom.xml (mvn compile) and javac --release 17 for the harness"
else
  cat "$WORK/maven.log"; echo "RESULT compile fail $(first_errors "$WORK/maven.log")"; exit 1
fi

java -cp "$WORK/harness:$classpath" Harness

# The docs' samples in Java (docs-samples.mjs): written by the page's renderer, one folder per program
# (each class has its operation's name), compiled with javac against the client and run.
compile_samples() {
  local file
  for file in "$WORK"/samples/*/*.java; do
    javac --release 17 -d "$(dirname "$file")" -cp "$classpath" "$file" || return 1
  done
}
if node "$here/../../docs-samples.mjs" write Java "$WORK/samples" && compile_samples > "$WORK/samples.log" 2>&1; then
  node "$here/../../docs-samples.mjs" run Java "$WORK/samples" -- java -cp "$WORK/samples/{name}:$classpath" {main}
else
  cat "$WORK/samples.log"; echo "RESULT samples fail the docs' samples did not compile: $(first_errors "$WORK/samples.log")"
fi
