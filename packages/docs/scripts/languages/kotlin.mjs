import { literals } from '../literals.mjs';
import { generatedClientValues } from './generator.mjs';
import { camel, pascal, valueWriter } from './names.mjs';

const literal = literals.kotlin;
// Kotlin names enum entries after the values as they are (APPROVED, publicid); an inline enum of an
// operation's parameter is a class of its own (orderBy of listPayments: OrderByListPayments).
const write = valueWriter({
  literal,
  known: (schema, value) => `${schema}.${value}.value`,
  closed: (parameter, value) => `${pascal(parameter.name)}${pascal(parameter.operationId)}.${value}`,
});

/** openapi-generator's `kotlin` client (jvm-okhttp4, Moshi): named arguments, Basic auth on ApiClient. */
export const kotlin = {
  label: 'Kotlin',
  lang: 'Kotlin',
  template: 'kotlin/Sample.kt.template',
  values: (call) => {
    const given = call.parameters.filter((parameter) => parameter.value !== undefined).map((parameter) => ({ ...parameter, operationId: call.operationId }));
    const imports = new Set([`import org.openapitools.client.apis.${pascal(call.tag)}Api`]);
    if (call.authorization) imports.add('import org.openapitools.client.infrastructure.ApiClient');
    for (const parameter of given) {
      for (const value of parameter.type === 'array' ? parameter.value : [parameter.value]) {
        if (parameter.known?.values.includes(String(value))) imports.add(`import org.openapitools.client.models.${parameter.known.schema}`);
        else if (parameter.closed?.includes(String(value)))
          imports.add(`import org.openapitools.client.apis.${pascal(call.tag)}Api.${pascal(parameter.name)}${pascal(call.operationId)}`);
      }
    }
    return {
      ...generatedClientValues(call, 'kotlin', literal),
      mainClass: `${pascal(call.operationId)}Kt`,
      file: `${pascal(call.operationId)}.kt`,
      imports: [...imports].sort().join('\n'),
      api: `${pascal(call.tag)}Api`,
      method: camel(call.operationId),
      arguments: given.map((parameter) => `        ${camel(parameter.name)} = ${valueOf(parameter)},`).join('\n'),
    };
  },
};

function valueOf(parameter) {
  if (parameter.type !== 'array') return write(parameter, parameter.value);
  return `listOf(${parameter.value.map((item) => write(parameter, item)).join(', ')})`;
}
