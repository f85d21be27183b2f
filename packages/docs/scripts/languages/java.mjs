import { literals } from '../literals.mjs';
import { generateCommand, OPENAPI_GENERATOR_VERSION } from './generator.mjs';
import { camel, pascal, valueWriter } from './names.mjs';

const literal = literals.java;
const write = valueWriter({ literal, known: (schema, value) => `${schema}.${value.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}.getValue()` });

/** openapi-generator's `java` client (okhttp-gson): every parameter positional, null for one left out. */
export const java = {
  label: 'Java',
  lang: 'Java',
  template: 'java/Sample.java.template',
  values: (call) => {
    const enums = [...new Set(call.parameters.filter(usesEnum).map((parameter) => parameter.known.schema))].sort();
    const imports = [
      ...(call.parameters.some((parameter) => parameter.type === 'array' && parameter.value !== undefined) ? ['import java.util.List;'] : []),
      'import org.openapitools.client.ApiClient;',
      `import org.openapitools.client.api.${pascal(call.tag)}Api;`,
      ...enums.map((schema) => `import org.openapitools.client.model.${schema};`),
    ];
    return {
      version: OPENAPI_GENERATOR_VERSION,
      command: generateCommand('java'),
      imports: imports.join('\n'),
      className: pascal(call.operationId),
      baseUrl: literal(call.localBaseUrl ?? call.sandboxUrl),
      authorization: call.authorization ? 'yes' : '',
      merchantId: literal(call.credentials.merchantId),
      secretKey: literal(call.credentials.secretKey),
      api: `${pascal(call.tag)}Api`,
      method: camel(call.operationId),
      arguments: call.parameters
        .map((parameter, index, all) => `        ${valueOf(parameter)}${index === all.length - 1 ? ');' : ','} // ${camel(parameter.name)}`)
        .join('\n'),
    };
  },
};

function valueOf(parameter) {
  if (parameter.value === undefined) return 'null';
  if (parameter.type !== 'array') return write(parameter, parameter.value);
  return `List.of(${parameter.value.map((item) => write(parameter, item)).join(', ')})`;
}

function usesEnum(parameter) {
  if (!parameter.known || parameter.value === undefined) return false;
  const values = parameter.type === 'array' ? parameter.value : [parameter.value];
  return values.some((value) => parameter.known.values.includes(String(value)));
}
