// Fills the per-language templates in samples/ for one operation of the bundled description: its
// method, path, first 2xx media type, security, and the first named example of each parameter.
import { renderTemplate } from './template.mjs';

/** The API document's worked example of Basic authentication (spec: components.securitySchemes). */
export const WORKED_EXAMPLE = { merchantId: '32', secretKey: 'abcdefgh' };

export const LANGUAGES = [
  // `lang` picks Redoc's syntax highlighting; `label` is the tab name readers see.
  { template: 'curl.template', lang: 'Shell', label: 'curl' },
  { template: 'typescript.template', lang: 'TypeScript', label: 'TypeScript' },
];

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the description as { path, method, operation, pathItem }. */
export function operationsOf(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => ({
      path,
      method,
      operation: pathItem[method],
      pathItem,
    })),
  );
}

/**
 * The code samples of one operation, in the shape of `x-codeSamples`.
 * @param {object} spec  the bundled description (local `$ref`s are followed)
 * @param {{ path: string, method: string, operation: object, pathItem: object }} entry
 * @param {Record<string, string>} templates  template file name -> text
 * @param {SampleRequest} [request]  what the samples send; by default, the named examples to the sandbox
 */
export function codeSamplesFor(spec, entry, templates, request) {
  const values = sampleValues(spec, entry, request);
  return LANGUAGES.map(({ template, lang, label }) => {
    if (!(template in templates)) throw new Error(`missing template samples/${template}`);
    return { lang, label, source: renderTemplate(templates[template], values) };
  });
}

/**
 * What a sample sends. The docs' samples send each parameter's first named example with the worked
 * credentials to the sandbox; the Try it console fills them with the reader's form instead.
 * @typedef {object} SampleRequest
 * @property {Array<{ parameter: object, value: unknown }>} query  in the operation's order
 * @property {{ merchantId: string, secretKey: string }} credentials
 * @property {string} url  the URL the curl sample calls, query included, exactly as it is sent
 * @property {string} baseUrl  the TypeScript expression the client's `baseUrl` falls back to
 */

/** The request of the docs' samples: the named examples, the worked credentials, the sandbox. */
export function exampleRequest(spec, { path, method, operation, pathItem }) {
  const where = `${method.toUpperCase()} ${path}`;
  const query = exampleValues(spec, { path, method, operation, pathItem }).filter(({ parameter }) => parameter.in === 'query');
  return {
    query,
    credentials: WORKED_EXAMPLE,
    url: sandboxServer(spec) + path + queryString(query, where),
    baseUrl: 'BASE_URLS.sandbox',
  };
}

/** Each parameter's first named example, in the operation's order; parameters without one are left out. */
export function exampleValues(spec, { path, method, operation, pathItem }) {
  const where = `${method.toUpperCase()} ${path}`;
  const examples = [];
  for (const parameter of parametersOf(spec, pathItem, operation)) {
    if (parameter.in === 'path' || parameter.in === 'cookie') {
      throw new Error(`${where}: ${parameter.in} parameters are not supported by the sample templates yet`);
    }
    const example = firstNamedExample(spec, parameter);
    if (example === undefined) {
      if (parameter.required) throw new Error(`${where}: required ${parameter.name} has no named example`);
      continue; // Optional and without an example: its default applies, so the sample leaves it out.
    }
    examples.push({ parameter, value: example });
  }
  return examples;
}

/** The values the templates are filled with, for one operation. */
export function sampleValues(spec, entry, request = exampleRequest(spec, entry)) {
  const { path, method, operation } = entry;
  const where = `${method.toUpperCase()} ${path}`;
  const userAgent = exampleValues(spec, entry).find(
    ({ parameter }) => parameter.in === 'header' && parameter.name.toLowerCase() === 'user-agent',
  );
  if (!userAgent) throw new Error(`${where}: needs a User-Agent header parameter with a named example`);
  const accept = successMediaType(spec, operation, where);
  const { merchantId, secretKey } = request.credentials;

  return {
    operationId: required(operation.operationId, `${where}: operationId`),
    summary: required(operation.summary, `${where}: summary`),
    method: method.toUpperCase(),
    path,
    url: shellSingleQuoted(request.url),
    baseUrl: request.baseUrl,
    accept,
    userAgent: shellSingleQuoted(String(userAgent.value)),
    authorization: requiresAuth(spec, operation) ? basicAuthorization(request.credentials) : '',
    // The curl sample's comment, one line whatever was typed: "32:abcdefgh".
    credentials: JSON.stringify(`${merchantId}:${secretKey}`),
    merchantId: typescriptLiteral(merchantId, ''),
    secretKey: typescriptLiteral(secretKey, ''),
    arguments: typescriptArguments(request.query),
    // The client returns JSON bodies; for Ping's text body it only checks it and resolves to nothing.
    returnsJson: /^application\/(.+\+)?json$/.test(accept) ? 'yes' : '',
  };
}

/** Path-level and operation-level parameters, `$ref`s resolved; the operation's win on a clash. */
export function parametersOf(spec, pathItem, operation) {
  const all = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
    resolveRef(spec, parameter),
  );
  return all.filter((parameter, index) => {
    const last = all.findLastIndex((other) => other.name === parameter.name && other.in === parameter.in);
    return last === index;
  });
}

/** `Basic base64(merchantId:secretKey)`, as the Authentication section builds it. */
export function basicAuthorization({ merchantId, secretKey }) {
  // btoa and TextEncoder, so that the console in the browser builds the header with this same code.
  const bytes = new TextEncoder().encode(`${merchantId}:${secretKey}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The query string as the API needs it: arrays repeat the key once per value (never comma-separated or
 * bracketed), and values are percent-encoded, so `+` becomes `%2B`. Colons stay readable: the
 * service accepts them raw, as the API document's own example shows.
 *
 * `encoding` writes the mistakes the API refuses instead, for the console's worked mistakes: `arrays`
 * `'comma'` (one key, values joined by a raw comma, as `explode: false` would send them) or
 * `'brackets'` (`statuses%5B%5D=`, as PHP's and qs's encoders send them), and `plus` `'raw'` (a `+`
 * left as it is, which the service reads as a space).
 * @param {Array<{ parameter: object, value: unknown }>} query
 * @param {string} [where]  names the operation in an error
 * @param {{ arrays?: 'repeat' | 'comma' | 'brackets', plus?: 'encoded' | 'raw' }} [encoding]
 */
export function queryString(query, where = 'operation', { arrays = 'repeat', plus = 'encoded' } = {}) {
  const encode = (text) => {
    const encoded = encodeQueryComponent(String(text));
    return plus === 'raw' ? encoded.replace(/%2B/gi, '+') : encoded;
  };
  const pairs = query.flatMap(({ parameter, value }) => {
    if (!Array.isArray(value)) return [`${encode(parameter.name)}=${encode(value)}`];
    if (parameter.explode === false || (parameter.style && parameter.style !== 'form')) {
      throw new Error(`${where}: ${parameter.name} must be style form, explode true (repeated keys)`);
    }
    if (arrays === 'comma') return [`${encode(parameter.name)}=${value.map(encode).join(',')}`];
    const name = encode(arrays === 'brackets' ? `${parameter.name}[]` : parameter.name);
    return value.map((item) => `${name}=${encode(item)}`);
  });
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

function encodeQueryComponent(text) {
  // encodeURIComponent leaves ' unencoded, and the curl sample puts the URL in single quotes.
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/'/g, '%27');
}

/** The query parameters as the argument of the client method, or nothing when there are none. */
export function typescriptArguments(query) {
  if (query.length === 0) return '';
  const lines = query.map(
    ({ parameter, value }) => `  ${propertyName(parameter.name)}: ${typescriptLiteral(value, '  ')},`,
  );
  return `{\n${lines.join('\n')}\n}`;
}

function typescriptLiteral(value, indent) {
  // JSON's escapes are JavaScript's too (newlines and other controls included); then ' quotes it.
  if (typeof value === 'string') return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item) => typescriptLiteral(item, `${indent}  `));
    const oneLine = `[${items.join(', ')}]`;
    // Keep short arrays on one line, as a person would write them.
    if (indent.length + oneLine.length <= 80) return oneLine;
    return `[\n${items.map((item) => `${indent}  ${item},`).join('\n')}\n${indent}]`;
  }
  throw new Error(`no TypeScript literal for example value ${JSON.stringify(value)}`);
}

function propertyName(name) {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`;
}

function shellSingleQuoted(text) {
  // Inside '...' only ' itself needs care: close, escape it, reopen.
  return text.replace(/'/g, `'\\''`);
}

/** The value of a parameter's first named example, or undefined when it has none. */
export function firstNamedExample(spec, parameter) {
  const [first] = Object.values(parameter.examples ?? {});
  return first === undefined ? undefined : resolveRef(spec, first).value;
}

/** The operation's lowest 2xx status code, as a string (`'200'`), or undefined. */
export function successStatus(operation) {
  return Object.keys(operation.responses ?? {}).filter((code) => /^2\d\d$/.test(code)).sort()[0];
}

/** The media type of the operation's lowest 2xx response: what its samples ask for with Accept. */
export function successMediaType(spec, operation, where) {
  const status = successStatus(operation);
  if (!status) throw new Error(`${where}: has no 2xx response`);
  const [mediaType] = Object.keys(resolveRef(spec, operation.responses[status]).content ?? {});
  if (!mediaType) throw new Error(`${where}: its ${status} response has no content`);
  return mediaType;
}

/** True when every security alternative of the operation needs credentials. */
export function requiresAuth(spec, operation) {
  const security = operation.security ?? spec.security ?? [];
  // `[]` or a `{}` alternative means the operation can be called without credentials.
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** The server the samples call: the sandbox, so copying a sample never touches production data. */
export function sandboxServer(spec) {
  const server = (spec.servers ?? []).find(({ url }) => /sandbox/i.test(url) && !url.includes('{'));
  if (!server) throw new Error('the description lists no sandbox server without variables');
  return server.url.replace(/\/$/, '');
}

/** Follows local `$ref`s (`#/components/...`), as the bundled description uses them. */
export function resolveRef(spec, node, seen = new Set()) {
  if (!node || typeof node.$ref !== 'string') return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported in the bundle, got ${ref}`);
  if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
  const target = ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((parent, key) => parent?.[key], spec);
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  return resolveRef(spec, target, seen.add(ref));
}

function required(value, what) {
  if (!value) throw new Error(`${what} is missing`);
  return value;
}
