import { literals } from '../literals.mjs';
import { enumsUsed, generatedClientValues } from './generator.mjs';
import { camel, pascal, valueWriter } from './names.mjs';

const literal = literals.java;
const write = valueWriter({ literal, known: (schema, value) => `${schema}.${value.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}.getValue()` });

/** openapi-generator's `java` client (okhttp-gson): every parameter positional, null for one left out. */
export const java = {
  label: 'Java',
  lang: 'Java',
  template: 'java/Sample.java.template',
  values: (call) => {
    const enums = enumsUsed(call.parameters);
    const imports = [
      ...(call.parameters.some((parameter) => parameter.type === 'array' && parameter.value !== undefined) ? ['import java.util.List;'] : []),
      'import org.openapitools.client.ApiClient;',
      `import org.openapitools.client.api.${pascal(call.tag)}Api;`,
      ...enums.map((schema) => `import org.openapitools.client.model.${schema};`),
    ];
    return {
      ...generatedClientValues(call, 'java', literal),
      imports: imports.join('\n'),
      className: pascal(call.operationId),
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
