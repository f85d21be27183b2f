import { literals } from '../literals.mjs';
import { generatedClientValues } from './generator.mjs';
import { pascal, valueWriter } from './names.mjs';

const literal = literals.go;
// The known values are constants of a named string type: openapi.APPROVED is a KnownPaymentStatus.
const write = valueWriter({ literal, known: (_schema, value) => `string(openapi.${value.toUpperCase().replace(/[^A-Z0-9]+/g, '_')})` });

/** openapi-generator's `go` client: a request builder with one method per parameter, then Execute. */
export const go = {
  label: 'Go',
  lang: 'Go',
  template: 'go/main.go.template',
  values: (call) => ({
    ...generatedClientValues(call, 'go', literal),
    returnsJson: call.returnsJson ? 'yes' : '',
    api: `${pascal(call.tag)}API`,
    method: pascal(call.operationId),
    arguments: call.parameters
      .filter((parameter) => parameter.value !== undefined)
      .map((parameter) => `\t\t${pascal(parameter.name)}(${valueOf(parameter)}).`)
      .join('\n'),
  }),
};

function valueOf(parameter) {
  if (parameter.type !== 'array') return write(parameter, parameter.value);
  return `[]string{${parameter.value.map((item) => write(parameter, item)).join(', ')}}`;
}
