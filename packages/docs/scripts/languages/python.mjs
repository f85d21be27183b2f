import { literals } from '../literals.mjs';
import { enumsUsed, generatedClientValues } from './generator.mjs';
import { pascal, snake, valueWriter } from './names.mjs';

const literal = literals.python;
const write = valueWriter({
  literal,
  known: (schema, value) => `${schema}.${value.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`,
  boolean: (value) => (value ? 'True' : 'False'),
});

/** openapi-generator's `python` client: keyword arguments in snake_case, a known value as its str enum. */
export const python = {
  label: 'Python',
  lang: 'Python',
  template: 'python/sample.py.template',
  values: (call) => {
    const given = call.parameters.filter((parameter) => parameter.value !== undefined);
    const enums = enumsUsed(given);
    return {
      ...generatedClientValues(call, 'python', literal),
      imports: enums.map((schema) => `from openapi_client.models.${snake(schema)} import ${schema}`).join('\n'),
      api: `${pascal(call.tag)}Api`,
      method: snake(call.operationId),
      arguments: given.map((parameter) => `        ${snake(parameter.name)}=${valueOf(parameter)},`).join('\n'),
    };
  },
};

function valueOf(parameter) {
  if (parameter.type !== 'array') return write(parameter, parameter.value);
  return `[${parameter.value.map((item) => write(parameter, item)).join(', ')}]`;
}
