#!/usr/bin/env bash
# openapi-generator `kotlin` client with default settings (jvm-okhttp4 library, Moshi): generate from
# $SPEC into $WORK/client, compile it with harness/Harness.kt through pom.xml (kotlin-maven-plugin;
# the generated project ships only a Gradle build), run the harness. Offline: tools/generators/setup.sh
# put every artifact in the local Maven repository.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)

first_errors() { grep -E '^\[ERROR\]|^e: |Exception' "$1" | head -n 3 | tr '\n' ' '; }

if bash "$here/../../openapi-generator.sh" kotlin "$WORK/client"; then
  echo "RESULT generate pass $(grep -c ' WARN ' "$WORK/client.log") generator warnings (see the log), $(find "$WORK/client/src/main" -name '*.kt' | wc -l) Kotlin files"
else
  cat "$WORK/client.log"; echo "RESULT generate fail $(first_errors "$WORK/client.log")"; exit 1
fi
cat "$WORK/client.log"

if mvn -B -o -ntp -Dstyle.color=never -f "$here/pom.xml" compile dependency:build-classpath \
     -Dmdep.outputFile="$WORK/classpath.txt" > "$WORK/maven.log" 2>&1; then
  echo "RESULT compile pass kotlin-maven-plugin (Kotlin 2.4.0, JVM 17)"
else
  cat "$WORK/maven.log"; echo "RESULT compile fail $(first_errors "$WORK/maven.log")"; exit 1
fi

java -cp "$WORK/build/classes:$(cat "$WORK/classpath.txt")" HarnessKt

# The docs' samples in Kotlin (docs-samples.mjs): written by the page's renderer into $WORK/samples,
# compiled with the client by the same pom.xml (profile `samples`: kotlin-maven-plugin, the
# dependencies the generated build.gradle names) and run.
if node "$here/../../docs-samples.mjs" write Kotlin "$WORK/samples" &&
   mvn -B -o -ntp -Dstyle.color=never -Psamples -f "$here/pom.xml" compile > "$WORK/samples.log" 2>&1; then
  node "$here/../../docs-samples.mjs" run Kotlin "$WORK/samples" -- java -cp "$WORK/build/classes:$(cat "$WORK/classpath.txt")" {main}
else
  cat "$WORK/samples.log"; echo "RESULT samples fail the docs' samples did not compile: $(first_errors "$WORK/samples.log")"
fi
