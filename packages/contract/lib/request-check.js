// Checks one request against its operation: declared query parameters (decoded strings, typed the
// way a server reads them), required headers and the security requirement. Returns violations in the
// same shape as response-check.js.
import { readScalar } from './text-values.js';

/**
 * @param {import('./types.js').Operation} operation
 * @param {{ query: Array<[string, string]>, headers: Record<string, string> }} request
 * @param {import('./types.js').SchemaValidator} validator
 * @returns {import('./types.js').Violation[]}
 */
export function checkRequest(operation, request, validator) {
  /** @type {import('./types.js').Violation[]} */
  const violations = [];
  const headers = lowerCaseKeys(request.headers);
  const declared = new Set();

  for (const parameter of operation.parameters) {
    if (parameter.in === 'query') {
      declared.add(parameter.name);
      const values = request.query.filter(([name]) => name === parameter.name).map(([, value]) => value);
      violations.push(...checkParameter(parameter, values, validator));
    } else if (parameter.in === 'header') {
      const value = headers[parameter.name.toLowerCase()];
      violations.push(...checkParameter(parameter, value === undefined ? [] : [value], validator));
    }
  }
  for (const [name] of request.query) {
    if (!declared.has(name)) {
      violations.push({ kind: 'request', location: `query/${name}`, message: 'is not a declared query parameter' });
      declared.add(name);
    }
  }
  violations.push(...checkSecurity(operation, headers.authorization));
  return violations;
}

/**
 * @param {import('./types.js').Parameter} parameter
 * @param {string[]} values
 * @param {import('./types.js').SchemaValidator} validator
 * @returns {import('./types.js').Violation[]}
 */
function checkParameter(parameter, values, validator) {
  const location = `${parameter.in}/${parameter.name}`;
  if (values.length === 0) {
    return parameter.required ? [{ kind: 'request', location, message: 'is required but missing' }] : [];
  }
  const isArray = parameter.type === 'array';
  if (!isArray && values.length > 1) {
    return [{ kind: 'request', location, message: `is sent ${values.length} times but is not an array`, value: values }];
  }
  const value = isArray ? values.map((item) => readScalar(item, parameter.itemType)) : readScalar(values[0], parameter.type);
  return validator.validate(parameter.schemaPointer, value).errors.map((error) => ({
    kind: 'request',
    location: `${location}${error.instancePath}`,
    message: error.message,
    schemaPath: error.schemaPath,
    value: error.value,
  }));
}

// Only HTTP Basic is defined by this description; the header must carry base64 of `id:secret`.
/**
 * @param {import('./types.js').Operation} operation
 * @param {string | undefined} authorization
 * @returns {import('./types.js').Violation[]}
 */
function checkSecurity(operation, authorization) {
  if (operation.security.length === 0 || operation.security.some((requirement) => Object.keys(requirement).length === 0)) {
    return [];
  }
  const location = 'header/Authorization';
  if (authorization === undefined) {
    return [{ kind: 'request', location, message: 'is required (HTTP Basic) but missing' }];
  }
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(authorization);
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  if (!match || Buffer.from(decoded, 'utf8').toString('base64') !== match[1] || !decoded.includes(':')) {
    return [{ kind: 'request', location, message: 'is not `Basic base64(<merchant_id>:<secret_key>)`', value: authorization }];
  }
  return [];
}

function lowerCaseKeys(headers = {}) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
