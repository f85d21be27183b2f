// The generator the Python, Go, Java, Kotlin and Rust samples are written for: openapi-generator with
// its default settings, the version the generator matrix pins (tools/generators/openapi-generator.sh;
// a test keeps the two equal) and runs every sample with.
export const OPENAPI_GENERATOR_VERSION = '7.25.0';

/** The one command that generates the client, as the matrix runs it (`openapi.json` is this site's download). */
export function generateCommand(generator) {
  return `java -jar openapi-generator-cli-${OPENAPI_GENERATOR_VERSION}.jar generate -g ${generator} -i openapi.json -o merchant-client`;
}

/**
 * The values every openapi-generator sample shares: the generator's line, where it sends (the sandbox,
 * or the local one the console sent to) and the credentials, each written by the language's literal.
 */
export function generatedClientValues(call, generator, literal) {
  return {
    version: OPENAPI_GENERATOR_VERSION,
    command: generateCommand(generator),
    baseUrl: literal(call.localBaseUrl ?? call.sandboxUrl),
    authorization: call.authorization ? 'yes' : '',
    merchantId: literal(call.credentials.merchantId),
    secretKey: literal(call.credentials.secretKey),
  };
}

/** The known-values enums (schema names) whose constants a sample's given values use, sorted. */
export function enumsUsed(parameters) {
  const used = parameters.filter((parameter) => {
    if (!parameter.known || parameter.value === undefined) return false;
    const values = parameter.type === 'array' ? parameter.value : [parameter.value];
    return values.some((value) => parameter.known.values.includes(String(value)));
  });
  return [...new Set(used.map((parameter) => parameter.known.schema))].sort();
}
