import { literals } from '../literals.mjs';

const literal = literals.typescript;

/** The TypeScript sample: this toolkit's own client, which builds the query and the headers itself. */
export const typescript = {
  label: 'TypeScript',
  lang: 'TypeScript',
  template: 'typescript/sample.ts.template',
  values: (call) => ({
    operationId: call.operationId,
    done: literal(`${call.summary}: OK`),
    merchantId: literal(call.credentials.merchantId),
    secretKey: literal(call.credentials.secretKey),
    baseUrl: call.localBaseUrl === undefined ? 'BASE_URLS.sandbox' : literal(call.localBaseUrl),
    arguments: argumentsOf(call.parameters.filter((parameter) => parameter.in === 'query' && parameter.value !== undefined)),
    returnsJson: call.returnsJson ? 'yes' : '',
  }),
};

/** The query parameters as the argument of the client method, or nothing when there are none. */
function argumentsOf(parameters) {
  if (parameters.length === 0) return '';
  const lines = parameters.map(({ name, value }) => `  ${propertyName(name)}: ${valueOf(value, '  ')},`);
  return `{\n${lines.join('\n')}\n}`;
}

function valueOf(value, indent) {
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => valueOf(item, `${indent}  `));
    const oneLine = `[${items.join(', ')}]`;
    // Keep short arrays on one line, as a person would write them.
    if (indent.length + oneLine.length <= 80) return oneLine;
    return `[\n${items.map((item) => `${indent}  ${item},`).join('\n')}\n${indent}]`;
  }
  throw new Error(`no TypeScript literal for example value ${JSON.stringify(value)}`);
}

function propertyName(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name);
}
