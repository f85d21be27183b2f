#!/usr/bin/env bash
# openapi-generator's CLI with its default settings, for the openapi-generator-* targets:
#   openapi-generator.sh <generator> <output folder>
# runs `generate -g <generator> -i $SPEC -o <output folder>` and nothing else (no config file, no
# additional properties), writing the generator's output to <output folder>.log. The jar is the one
# setup.sh fetched into the local Maven repository (version below; OPENAPI_GENERATOR_JAR overrides it).
set -euo pipefail
version=7.25.0
jar=${OPENAPI_GENERATOR_JAR:-${MAVEN_REPOSITORY:-$HOME/.m2/repository}/org/openapitools/openapi-generator-cli/$version/openapi-generator-cli-$version.jar}
[ -f "$jar" ] || { echo "openapi-generator $version is missing at $jar: run bash tools/generators/setup.sh" > "$2.log"; exit 1; }
java -jar "$jar" generate -g "$1" -i "${SPEC:?}" -o "$2" > "$2.log" 2>&1
