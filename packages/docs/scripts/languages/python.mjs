import { literals } from '../literals.mjs';
import { generateCommand, OPENAPI_GENERATOR_VERSION } from './generator.mjs';
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
    const enums = [...new Set(given.filter(usesEnum).map((parameter) => parameter.known.schema))].sort();
    return {
      version: OPENAPI_GENERATOR_VERSION,
      command: generateCommand('python'),
      imports: enums.map((schema) => `from openapi_client.models.${snake(schema)} import ${schema}`).join('\n'),
      baseUrl: literal(call.localBaseUrl ?? call.sandboxUrl),
      authorization: call.authorization ? 'yes' : '',
      merchantId: literal(call.credentials.merchantId),
      secretKey: literal(call.credentials.secretKey),
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

function usesEnum(parameter) {
  const values = parameter.type === 'array' ? parameter.value : [parameter.value];
  return Boolean(parameter.known) && values.some((value) => parameter.known.values.includes(String(value)));
}
