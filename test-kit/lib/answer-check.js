// The tests' oracle for one answer of a server: does it match the description? The status is documented
// for the operation (the exact code, then its `4XX` range, then `default`), the Content-Type is one of
// the response's media types, every required header is there and every documented header present
// matches its schema, and the body matches the media type's schema (parsed first when it is JSON).
// Kept apart from the contract kit's checker on purpose, so that a bug there cannot hide one in a server.
import { schemaValidator } from './json-schema.js';

/** @typedef {{ status: number, headers: Headers | Record<string, string>, body: string }} Answer */
/** @typedef {{ location: string, message: string }} Violation */
/** @typedef {{ node: any, pointer: string }} Found a node of the description and its JSON pointer, $refs followed */

const escape = (/** @type {string} */ segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
const unescape = (/** @type {string} */ segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/**
 * The answer check over `description` (the parsed bundle).
 * @param {object} description
 */
export function answerChecker(description) {
  const validator = schemaValidator(description);

  /**
   * The node at `pointer`, following every $ref met on the way.
   * @param {string} pointer `/paths/~1ping/get`
   * @returns {Found}
   */
  function find(pointer) {
    /** @type {Found} */
    let found = { node: description, pointer: '' };
    for (const segment of pointer.split('/').slice(1)) {
      found = { node: found.node?.[unescape(segment)], pointer: `${found.pointer}/${segment}` };
      while (typeof found.node?.$ref === 'string') found = find(found.node.$ref.replace(/^#/, ''));
    }
    return found;
  }

  const operation = (/** @type {string} */ method, /** @type {string} */ path) => find(`/paths/${escape(path)}/${method.toLowerCase()}`);

  /**
   * @param {Found} response
   * @param {Headers} headers
   * @returns {Violation[]}
   */
  function headerViolations(response, headers) {
    /** @type {Violation[]} */
    const violations = [];
    for (const name of Object.keys(response.node.headers ?? {})) {
      const header = find(`${response.pointer}/headers/${escape(name)}`);
      const value = headers.get(name);
      if (value === null) {
        if (header.node.required) violations.push({ location: name, message: 'is required but missing' });
      } else if (header.node.schema) {
        // A header is text; a plain number or boolean is also read as one, and either reading may match
        // (the problems said are the last reading's: a number's range rather than the text's type).
        /** @type {unknown[]} */
        const readings = [value];
        if (/^-?\d+(\.\d+)?$/.test(value)) readings.push(Number(value));
        else if (value === 'true' || value === 'false') readings.push(value === 'true');
        const results = readings.map((reading) => validator.validate(`${header.pointer}/schema`, reading));
        if (!results.some((result) => result.valid)) {
          const problems = results.at(-1)?.problems ?? [];
          violations.push({ location: name, message: `${JSON.stringify(value)} ${problems.map((problem) => problem.message).join('; ')}` });
        }
      }
    }
    return violations;
  }

  /**
   * @param {Found} response
   * @param {Headers} headers
   * @param {string} body
   * @returns {Violation[]}
   */
  function bodyViolations(response, headers, body) {
    const documented = Object.keys(response.node.content ?? {});
    if (documented.length === 0) return [];
    const contentType = headers.get('content-type');
    const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    const match = documented.find((range) => range === mediaType || range === '*/*' || (range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1))));
    if (contentType === null || match === undefined) {
      const what = contentType === null ? 'is missing' : `${contentType} is not documented`;
      return [{ location: 'Content-Type', message: `${what} (documented: ${documented.join(', ')})` }];
    }
    const media = find(`${response.pointer}/content/${escape(match)}`);
    if (!media.node.schema) return [];
    let value = body;
    if (/^application\/(.+\+)?json$/.test(mediaType)) {
      try {
        value = JSON.parse(body);
      } catch {
        return [{ location: 'body', message: `is not JSON although Content-Type is ${contentType}` }];
      }
    }
    return validator
      .validate(`${media.pointer}/schema`, value)
      .problems.map((problem) => ({ location: `body${problem.instancePath}`, message: problem.message }));
  }

  return {
    /** Whether the description has an operation for `method` on `path` (a path as written in the description). */
    describes: (/** @type {string} */ method, /** @type {string} */ path) => operation(method, path).node !== undefined,

    /**
     * What in `answer` breaks the description of `method` `path`; [] when nothing does.
     * @param {string} method
     * @param {string} path
     * @param {Answer} answer
     * @returns {Violation[]}
     */
    check(method, path, answer) {
      const found = operation(method, path);
      if (found.node === undefined) throw new Error(`the description has no ${method.toUpperCase()} ${path}`);
      const responses = found.node.responses ?? {};
      const status = String(answer.status);
      const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in responses);
      if (key === undefined) {
        const message = `${status} is not documented for ${method.toUpperCase()} ${path} (documented: ${Object.keys(responses).join(', ')})`;
        return [{ location: 'status', message }];
      }
      const response = find(`${found.pointer}/responses/${key}`);
      const headers = new Headers(answer.headers);
      return [...headerViolations(response, headers), ...bodyViolations(response, headers, answer.body)];
    },
  };
}
