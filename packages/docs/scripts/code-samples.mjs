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
 */
export function codeSamplesFor(spec, entry, templates) {
  const values = sampleValues(spec, entry);
  return LANGUAGES.map(({ template, lang, label }) => {
    if (!(template in templates)) throw new Error(`missing template samples/${template}`);
    return { lang, label, source: renderTemplate(templates[template], values) };
  });
}

/** The values the templates are filled with, for one operation. */
export function sampleValues(spec, { path, method, operation, pathItem }) {
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

  const query = examples.filter(({ parameter }) => parameter.in === 'query');
  const userAgent = examples.find(
    ({ parameter }) => parameter.in === 'header' && parameter.name.toLowerCase() === 'user-agent',
  );
  if (!userAgent) throw new Error(`${where}: needs a User-Agent header parameter with a named example`);
  const accept = successMediaType(spec, operation, where);

  return {
    operationId: required(operation.operationId, `${where}: operationId`),
    summary: required(operation.summary, `${where}: summary`),
    method: method.toUpperCase(),
    path,
    url: sandboxServer(spec) + path + queryString(query, where),
    accept,
    userAgent: shellSingleQuoted(String(userAgent.value)),
    authorization: requiresAuth(spec, operation) ? basicAuthorization(WORKED_EXAMPLE) : '',
    merchantId: WORKED_EXAMPLE.merchantId,
    secretKey: WORKED_EXAMPLE.secretKey,
    arguments: typescriptArguments(query),
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
  return `Basic ${Buffer.from(`${merchantId}:${secretKey}`, 'utf8').toString('base64')}`;
}

/**
 * The query string as the API needs it: arrays repeat the key once per value (never comma-separated or
 * bracketed), and values are percent-encoded, so `+` becomes `%2B`. Colons stay readable: the
 * service accepts them raw, as the API document's own example shows.
 */
export function queryString(query, where = 'operation') {
  const pairs = query.flatMap(({ parameter, value }) => {
    if (Array.isArray(value)) {
      if (parameter.explode === false || (parameter.style && parameter.style !== 'form')) {
        throw new Error(`${where}: ${parameter.name} must be style form, explode true (repeated keys)`);
      }
      return value.map((item) => [parameter.name, item]);
    }
    return [[parameter.name, value]];
  });
  if (pairs.length === 0) return '';
  const encode = ([name, value]) => `${encodeQueryComponent(name)}=${encodeQueryComponent(String(value))}`;
  return `?${pairs.map(encode).join('&')}`;
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
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
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

function successMediaType(spec, operation, where) {
  const status = successStatus(operation);
  if (!status) throw new Error(`${where}: has no 2xx response`);
  const [mediaType] = Object.keys(resolveRef(spec, operation.responses[status]).content ?? {});
  if (!mediaType) throw new Error(`${where}: its ${status} response has no content`);
  return mediaType;
}

function requiresAuth(spec, operation) {
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
