// The generator the Python, Go, Java, Kotlin and Rust samples are written for: openapi-generator with
// its default settings, the version the generator matrix pins (tools/generators/openapi-generator.sh;
// a test keeps the two equal) and runs every sample with.
export const OPENAPI_GENERATOR_VERSION = '7.25.0';

/** The one command that generates the client, as the matrix runs it (`openapi.json` is this site's download). */
export function generateCommand(generator) {
  return `java -jar openapi-generator-cli-${OPENAPI_GENERATOR_VERSION}.jar generate -g ${generator} -i openapi.json -o merchant-client`;
}
