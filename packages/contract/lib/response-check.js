// Checks one response against its operation: the status is documented, the Content-Type is one of
// the documented media types, documented headers match their schemas, and the body matches the
// schema (JSON Schema 2020-12). Each violation says where, which schema keyword, and the value.
import { measureJson } from './json-limits.js';
import { documentedResponse } from './spec-document.js';
import { readHeader } from './text-values.js';

// Up to this many values, a JSON body gets every error; above, the first only (ajv holds every error
// in memory, and a million failing items would not fit in a small heap).
export const MAX_VALUES_FOR_EVERY_ERROR = 100_000;

/**
 * @param {import('./types.js').Operation} operation
 * @param {{ status: number, headers: Record<string, string>, body?: string }} response `body` is
 *   undefined when it could not be read: the status and headers are still checked.
 * @param {import('./types.js').SchemaValidator} validator
 * @returns {import('./types.js').Violation[]}
 */
export function checkResponse(operation, response, validator) {
  const documented = documentedResponse(operation, response.status);
  if (!documented) {
    const known = Object.keys(operation.responses).join(', ');
    return [
      {
        kind: 'status',
        location: '',
        message: `${response.status} is not documented for ${operation.key} (documented: ${known})`,
      },
    ];
  }
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  return [...checkHeaders(documented, headers, validator), ...checkBody(documented, headers, response.body, validator)];
}

/**
 * @param {import('./types.js').DocumentedResponse} documented
 * @param {Record<string, string>} headers
 * @param {import('./types.js').SchemaValidator} validator
 * @returns {import('./types.js').Violation[]}
 */
function checkHeaders(documented, headers, validator) {
  const violations = [];
  for (const [name, header] of Object.entries(documented.headers)) {
    const value = headers[name];
    if (value === undefined) {
      if (header.required) violations.push({ kind: 'header', location: header.name, message: 'is required but missing' });
      continue;
    }
    if (!header.schemaPointer) continue;
    for (const error of validator.validate(header.schemaPointer, readHeader(value, header)).errors) {
      violations.push({
        kind: 'header',
        location: `${header.name}${error.instancePath}`,
        message: error.message,
        schemaPath: error.schemaPath,
        value: error.value,
      });
    }
  }
  return violations;
}

/**
 * @param {import('./types.js').DocumentedResponse} documented
 * @param {Record<string, string>} headers
 * @param {string | undefined} body
 * @param {import('./types.js').SchemaValidator} validator
 * @returns {import('./types.js').Violation[]}
 */
function checkBody(documented, headers, body, validator) {
  const mediaTypes = Object.keys(documented.content);
  if (mediaTypes.length === 0) return [];
  const contentType = headers['content-type'];
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  const match = mediaTypes.find((candidate) => mediaTypeMatches(candidate, mediaType));
  if (!match) {
    return [
      {
        kind: 'header',
        location: 'Content-Type',
        message: `${contentType === undefined ? 'is missing' : 'is not documented'} for ${documented.status} (documented: ${mediaTypes.join(', ')})`,
        value: contentType,
      },
    ];
  }
  const { schemaPointer } = documented.content[match];
  if (!schemaPointer || body === undefined) return [];

  let instance = body;
  let firstErrorOnly = false;
  if (isJson(match)) {
    const { values, problem } = measureJson(body);
    if (problem) return [{ kind: 'body', location: '', message: problem }];
    try {
      instance = JSON.parse(body);
    } catch {
      return [{ kind: 'body', location: '(root)', message: `is not valid JSON although Content-Type is ${contentType}`, value: body }];
    }
    firstErrorOnly = values > MAX_VALUES_FOR_EVERY_ERROR;
  }
  return validator.validate(schemaPointer, instance, { firstErrorOnly }).errors.map((error) => ({
    kind: 'body',
    location: error.instancePath || '(root)',
    message: firstErrorOnly ? `${error.message} (the first error only: the body has more than ${MAX_VALUES_FOR_EVERY_ERROR} JSON values)` : error.message,
    schemaPath: error.schemaPath,
    value: error.value,
  }));
}

/**
 * @param {string} documented
 * @param {string} actual
 */
function mediaTypeMatches(documented, actual) {
  if (!actual) return false;
  if (documented === actual || documented === '*/*') return true;
  const [type, subtype] = documented.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

/** @param {string} mediaType */
function isJson(mediaType) {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}
