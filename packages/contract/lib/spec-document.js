// Reads a bundled description (by default @merchant-ordering/spec's dist/openapi.json) and lists its
// operations with their parameters and responses, each resolved through internal $refs and tagged with
// the JSON pointer of its schema, so validators and reports can name the exact place in the file.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { bundledSpecPath } from './spec-package.js';

/** @typedef {any} JsonNode a value of the parsed description, walked by shape */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * A bundled description (no external $refs), JSON or YAML; by default @merchant-ordering/spec's dist/openapi.json.
 * @param {string} [path]
 * @returns {import('./types.js').OpenApiDocument}
 */
export function loadSpec(path = bundledSpecPath) {
  if (!existsSync(path)) throw new Error(`${path} does not exist`);
  const text = readFileSync(path, 'utf8');
  return /\.ya?ml$/i.test(path) ? parse(text) : JSON.parse(text);
}

/** @param {unknown} segment */
export function escapePointer(segment) {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** @param {...unknown} segments */
export function pointerOf(...segments) {
  return `#/${segments.map(escapePointer).join('/')}`;
}

/**
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {string} pointer
 * @returns {JsonNode}
 */
export function getPointer(doc, pointer) {
  if (!pointer.startsWith('#')) throw new Error(`Only internal references are supported: ${pointer}`);
  const parts = pointer.slice(1).split('/').slice(1);
  let node = doc;
  for (const raw of parts) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`Unresolvable pointer ${pointer}`);
    }
    node = node[part];
  }
  return node;
}

/**
 * Follows a chain of $ref objects; returns the target and its pointer.
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {JsonNode} node
 * @param {string} pointer
 * @returns {{ node: JsonNode, pointer: string }}
 */
export function follow(doc, node, pointer) {
  const seen = new Set();
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`Circular $ref at ${node.$ref}`);
    seen.add(node.$ref);
    pointer = node.$ref;
    node = getPointer(doc, pointer);
  }
  return { node, pointer };
}

/**
 * The operation key used across the toolkit (CHANGELOG, reports): `GET /v2/payments`.
 * @param {string} method
 * @param {string} path
 */
export function operationKey(method, path) {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * Every operation of the description, its references resolved.
 * @param {import('./types.js').OpenApiDocument} doc
 * @returns {import('./types.js').Operation[]}
 */
export function listOperations(doc) {
  const operations = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = follow(doc, rawItem, pointerOf('paths', path));
    for (const method of METHODS) {
      const operation = item.node[method];
      if (!operation) continue;
      const pointer = `${item.pointer}/${method}`;
      operations.push({
        key: operationKey(method, path),
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId,
        pointer,
        security: operation.security ?? doc.security ?? [],
        parameters: parametersOf(doc, item, operation, pointer),
        responses: responsesOf(doc, operation, pointer),
      });
    }
  }
  return operations;
}

/**
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {string} method
 * @param {string} path
 */
export function findOperation(doc, method, path) {
  const key = operationKey(method, path);
  return listOperations(doc).find((operation) => operation.key === key);
}

/**
 * Path-level parameters apply unless the operation redeclares the same name and location.
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {{ node: JsonNode, pointer: string }} item
 * @param {JsonNode} operation
 * @param {string} pointer
 * @returns {import('./types.js').Parameter[]}
 */
function parametersOf(doc, item, operation, pointer) {
  /** @type {Map<string, import('./types.js').Parameter>} */
  const byKey = new Map();
  const add = (/** @type {JsonNode[] | undefined} */ list, /** @type {string} */ listPointer) =>
    (list ?? []).forEach((raw, index) => {
      const { node, pointer: paramPointer } = follow(doc, raw, `${listPointer}/${index}`);
      const schema = follow(doc, node.schema, `${paramPointer}/schema`);
      const style = node.style ?? (node.in === 'query' || node.in === 'cookie' ? 'form' : 'simple');
      byKey.set(`${node.in}:${node.name}`, {
        name: node.name,
        in: node.in,
        required: node.required === true,
        style,
        explode: node.explode ?? style === 'form',
        pointer: paramPointer,
        schemaPointer: `${paramPointer}/schema`,
        schema: schema.node,
        ...typesOf(doc, schema.node),
      });
    });
  add(item.node.parameters, `${item.pointer}/parameters`);
  add(operation.parameters, `${pointer}/parameters`);
  return [...byKey.values()];
}

/**
 * The type a value sent as text is read as (a nullable type by its other type), and an array's item type.
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {JsonNode} schema
 * @returns {{ type?: string, itemType?: string }}
 */
function typesOf(doc, schema) {
  const typeOf = (/** @type {JsonNode} */ node) => (Array.isArray(node.type) ? node.type.find((/** @type {string} */ type) => type !== 'null') : node.type);
  return { type: typeOf(schema), itemType: schema.items ? typeOf(follow(doc, schema.items, '#').node) : undefined };
}

/**
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {JsonNode} operation
 * @param {string} pointer
 * @returns {Record<string, import('./types.js').DocumentedResponse>}
 */
function responsesOf(doc, operation, pointer) {
  /** @type {Record<string, import('./types.js').DocumentedResponse>} */
  const responses = {};
  for (const [status, raw] of Object.entries(/** @type {Record<string, JsonNode>} */ (operation.responses ?? {}))) {
    const { node, pointer: responsePointer } = follow(doc, raw, `${pointer}/responses/${escapePointer(status)}`);
    /** @type {import('./types.js').DocumentedResponse['content']} */
    const content = {};
    for (const [mediaType, media] of Object.entries(/** @type {Record<string, JsonNode>} */ (node.content ?? {}))) {
      const mediaPointer = `${responsePointer}/content/${escapePointer(mediaType)}`;
      /** @type {Record<string, unknown>} */
      const examples = {};
      for (const [name, rawExample] of Object.entries(/** @type {Record<string, JsonNode>} */ (media.examples ?? {}))) {
        examples[name] = follow(doc, rawExample, `${mediaPointer}/examples/${escapePointer(name)}`).node.value;
      }
      content[mediaType] = { schemaPointer: media.schema ? `${mediaPointer}/schema` : undefined, examples };
    }
    /** @type {import('./types.js').DocumentedResponse['headers']} */
    const headers = {};
    for (const [name, rawHeader] of Object.entries(/** @type {Record<string, JsonNode>} */ (node.headers ?? {}))) {
      const header = follow(doc, rawHeader, `${responsePointer}/headers/${escapePointer(name)}`);
      const schema = header.node.schema ? follow(doc, header.node.schema, `${header.pointer}/schema`).node : {};
      headers[name.toLowerCase()] = {
        name,
        required: header.node.required === true,
        schemaPointer: header.node.schema ? `${header.pointer}/schema` : undefined,
        ...typesOf(doc, schema),
      };
    }
    responses[status] = { status, pointer: responsePointer, content, headers };
  }
  return responses;
}

/**
 * The documented response for a status: exact code first, then `4XX`-style ranges, then `default`.
 * @param {import('./types.js').Operation} operation
 * @param {number | string} status
 * @returns {import('./types.js').DocumentedResponse | undefined}
 */
export function documentedResponse(operation, status) {
  const code = String(status);
  return operation.responses[code] ?? operation.responses[`${code[0]}XX`] ?? operation.responses[`${code[0]}xx`] ?? operation.responses.default;
}
