// Fills the per-language templates in samples/<language>/ for one operation of the bundled
// description: its method, path, first 2xx media type, security, and the first named example of each
// parameter (or, in the Try it console, the reader's form). Every value a template receives is code
// already: each language writes it with its own string-literal encoder (literals.mjs).
import { LANGUAGES } from './languages/index.mjs';
import { renderTemplate } from './template.mjs';

export { LANGUAGES };

/** The API document's worked example of Basic authentication (spec: components.securitySchemes). */
export const WORKED_EXAMPLE = { merchantId: '32', secretKey: 'abcdefgh' };

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
 * The code samples of one operation, in the shape of `x-codeSamples`, one per language.
 * @param {object} spec  the bundled description (local `$ref`s are followed)
 * @param {{ path: string, method: string, operation: object, pathItem: object }} entry
 * @param {Record<string, string>} templates  template path (samples/…) -> text
 * @param {SampleRequest} [request]  what the samples send; by default, the named examples to the sandbox
 */
export function codeSamplesFor(spec, entry, templates, request) {
  return LANGUAGES.map(({ label, lang }) => ({ lang, label, source: renderSample(spec, label, entry, templates, request) }));
}

/**
 * One operation's sample in one language: the program text the docs page shows, the Try it console
 * rewrites with the reader's form, the generator matrix compiles and runs, and the Markdown reference
 * prints. One function, so that all of them show the same program for the same inputs.
 * @param {object} spec  the bundled description
 * @param {string} label  a language's label: curl, TypeScript, Python, Go, Java, Kotlin or Rust
 * @param {{ path: string, method: string, operation: object, pathItem: object }} entry  from operationsOf
 * @param {Record<string, string>} templates  template path -> text (readSampleTemplates() in Node)
 * @param {SampleRequest} [request]  by default, the named examples and worked credentials to the sandbox
 * @returns {string}
 */
export function renderSample(spec, label, entry, templates, request = exampleRequest(spec, entry)) {
  const language = LANGUAGES.find((candidate) => candidate.label === label);
  if (!language) throw new Error(`no sample language ${label}: one of ${LANGUAGES.map((candidate) => candidate.label).join(', ')}`);
  if (!(language.template in templates)) throw new Error(`missing template samples/${language.template}`);
  return renderTemplate(templates[language.template], language.values(sampleCall(spec, entry, request)));
}

/**
 * What a sample sends. The docs' samples send each parameter's first named example with the worked
 * credentials to the sandbox; the Try it console fills them with the reader's form instead.
 * @typedef {object} SampleRequest
 * @property {Array<{ parameter: object, value: unknown }>} query  in the operation's order
 * @property {{ merchantId: string, secretKey: string }} credentials
 * @property {string} url  the URL the curl sample calls, query included, exactly as it is sent
 * @property {string} [localBaseUrl]  a local sandbox the programs fall back to instead of the sandbox
 */

/** The request of the docs' samples: the named examples, the worked credentials, the sandbox. */
export function exampleRequest(spec, { path, method, operation, pathItem }) {
  const where = `${method.toUpperCase()} ${path}`;
  const query = exampleValues(spec, { path, method, operation, pathItem }).filter(({ parameter }) => parameter.in === 'query');
  return {
    query,
    credentials: WORKED_EXAMPLE,
    url: sandboxServer(spec) + path + queryString(query, where),
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

/**
 * One operation's call, in no language yet: what every language's `values` writes out.
 * @typedef {object} SampleCall
 * @property {string} operationId
 * @property {string} summary
 * @property {string} tag  the operation's first tag (generated clients group operations by it)
 * @property {string} method
 * @property {string} path
 * @property {string} accept
 * @property {boolean} requiresAuth
 * @property {boolean} returnsJson
 * @property {string} url  what the curl sample calls
 * @property {string} sandboxUrl  the sandbox the programs call unless told otherwise
 * @property {string | undefined} localBaseUrl  a local sandbox the programs fall back to instead
 * @property {{ merchantId: string, secretKey: string }} credentials
 * @property {string} authorization  the Basic header, or '' when the operation needs none
 * @property {string} userAgent  the User-Agent's named example
 * @property {SampleParameter[]} parameters  every header and query parameter, in the generated order
 *
 * @typedef {object} SampleParameter
 * @property {string} name
 * @property {'header' | 'query'} in
 * @property {'string' | 'integer' | 'boolean' | 'array'} type
 * @property {unknown} value  undefined when the sample leaves it out
 * @property {{ schema: string, values: string[] } | undefined} known  the known-values enum of the value (or its items)
 * @property {string[] | undefined} closed  the values of a closed inline enum
 */
export function sampleCall(spec, entry, request = exampleRequest(spec, entry)) {
  const { path, method, operation, pathItem } = entry;
  const where = `${method.toUpperCase()} ${path}`;
  const userAgent = exampleValues(spec, entry).find(({ parameter }) => isUserAgent(parameter));
  if (!userAgent) throw new Error(`${where}: needs a User-Agent header parameter with a named example`);
  const accept = successMediaType(spec, operation, where);
  const given = new Map(request.query.map(({ parameter, value }) => [parameter.name, value]));
  const parameters = parametersOf(spec, pathItem, operation)
    .filter((parameter) => parameter.in === 'query' || parameter.in === 'header')
    // Generators put required parameters first (openapi-generator's sortParamsByRequiredFlag).
    .sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)))
    .map((parameter) => {
      const schema = resolveRef(spec, parameter.schema ?? {});
      const items = schema.type === 'array' ? resolveRef(spec, schema.items ?? {}) : schema;
      const knownRef = items['x-known-values']?.$ref;
      return {
        name: parameter.name,
        in: parameter.in,
        type: schema.type === 'array' ? 'array' : schema.type === 'integer' || schema.type === 'boolean' ? schema.type : 'string',
        value: isUserAgent(parameter) ? userAgent.value : given.get(parameter.name),
        known: knownRef ? { schema: knownRef.split('/').pop(), values: resolveRef(spec, items['x-known-values']).enum.map(String) } : undefined,
        closed: Array.isArray(items.enum) ? items.enum.map(String) : undefined,
      };
    });
  return {
    operationId: required(operation.operationId, `${where}: operationId`),
    summary: required(operation.summary, `${where}: summary`),
    tag: required(operation.tags?.[0], `${where}: a tag`),
    method: method.toUpperCase(),
    path,
    accept,
    requiresAuth: requiresAuth(spec, operation),
    // The clients return JSON bodies; Ping answers text.
    returnsJson: /^application\/(.+\+)?json$/.test(accept),
    url: request.url,
    sandboxUrl: sandboxServer(spec),
    localBaseUrl: request.localBaseUrl,
    credentials: request.credentials,
    authorization: requiresAuth(spec, operation) ? basicAuthorization(request.credentials) : '',
    userAgent: String(userAgent.value),
    parameters,
  };
}

function isUserAgent(parameter) {
  return parameter.in === 'header' && parameter.name.toLowerCase() === 'user-agent';
}

/** Path-level and operation-level parameters, `$ref`s resolved; the operation's win on a clash. */
export function parametersOf(spec, pathItem, operation) {
  const all = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolveRef(spec, parameter));
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
  // encodeURIComponent leaves ' unencoded; %27 keeps a copied URL one word wherever it is pasted.
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/'/g, '%27');
}

/** The value of a parameter's first named example, or undefined when it has none. */
export function firstNamedExample(spec, parameter) {
  const [first] = Object.values(parameter.examples ?? {});
  return first === undefined ? undefined : resolveRef(spec, first).value;
}

/** The operation's lowest 2xx status code, as a string (`'200'`), or undefined. */
export function successStatus(operation) {
  return Object.keys(operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
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
