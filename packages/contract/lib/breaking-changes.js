// Breaking-change check (`merchant-ordering-contract breaking --base <old> --head <new>`): compares a
// new description with an old one and fails on a breaking change unless the major version of
// info.version was bumped. Given a CHANGELOG, a changed version must have a `## <version>` section,
// and with a major bump that section must name every operation (`METHOD /path`) that broke.
//
// Breaking, per operation:
//   removed operation; changed operationId (generated clients name their method after it); removed
//   parameter; new required parameter or a parameter that became required; changed parameter
//   serialization (style/explode) or default; a public operation that now needs auth, a security
//   requirement no longer accepted, or a changed security scheme; a new required request body; removed
//   success response, response media type or response header.
// Breaking, in schemas (schema-compatibility.mjs), requests narrowed or responses widened:
//   retyped field; removed response field; response field no longer required; new required request
//   field; removed enum value (either side, and a known value of an open string: its `x-known-values`
//   enum, whose constants generated clients lose); closed response enum that gained a value; narrowed
//   request constraint (lower maximum, higher minimum, shorter maxLength, new or changed pattern,
//   format, multipleOf, const, uniqueItems, enum, additionalProperties: false, fewer anyOf/oneOf
//   alternatives, more allOf parts); widened response constraint (the mirror images).
//
// Not covered (review these by hand):
//   - behaviour and prose: descriptions, examples, x- extensions (x-timeouts included), status meanings;
//   - removed or added error statuses (4xx/5xx), added success statuses, servers, OAuth scopes,
//     webhooks and callbacks;
//   - a renamed path template (`/a/{id}` -> `/a/{key}`) reads as one removed and one added operation;
//   - regex and format equivalence: any change to a pattern counts as breaking (except that `^literal$`
//     is read as `const: literal`);
//   - `not`, if/then/else, dependent*, unevaluated*, $dynamicRef, discriminator: `not` changes are
//     flagged without analysis, the others are ignored; keywords beside a $ref are ignored;
//   - anyOf/oneOf/allOf are compared branch by branch when the counts match, else by exact equality;
//   - a change inside a schema used several times in one response is reported once.
import { listOperations } from './spec-document.js';
import { compareSchemas, deref, sameJson } from './schema-compatibility.js';

/**
 * @typedef {import('./spec-document.js').JsonNode} JsonNode
 * @typedef {{ oldDoc: import('./types.js').OpenApiDocument, newDoc: import('./types.js').OpenApiDocument }} Docs
 * @typedef {(operation: string, breaking: boolean, kind: string, where: string, message: string) => void} AddChange
 * @typedef {(oldSchema: JsonNode, newSchema: JsonNode, direction: 'request' | 'response', where: string) => void} SchemaChanges
 */

/**
 * Every change from `oldDoc` (the base) to `newDoc` (the head), breaking or not.
 * @param {import('./types.js').OpenApiDocument} oldDoc
 * @param {import('./types.js').OpenApiDocument} newDoc
 * @returns {import('./types.js').Change[]}
 */
export function findChanges(oldDoc, newDoc) {
  const docs = { oldDoc, newDoc };
  /** @type {import('./types.js').Change[]} */
  const changes = [];
  const oldOperations = listOperations(oldDoc);
  const newOperations = new Map(listOperations(newDoc).map((operation) => [operation.key, operation]));
  /** @type {AddChange} */
  const add = (operation, breaking, kind, where, message) => void changes.push({ breaking, kind, operation, where, message });

  for (const before of oldOperations) {
    const after = newOperations.get(before.key);
    if (!after) {
      add(before.key, true, 'removed-operation', '', 'the operation was removed');
      continue;
    }
    newOperations.delete(before.key);
    /** @type {SchemaChanges} */
    const schemaChanges = (oldSchema, newSchema, direction, where) =>
      compareSchemas(docs, oldSchema, newSchema, direction, where).forEach((change) =>
        add(before.key, change.breaking, change.kind, change.where, change.message),
      );

    if (before.operationId && before.operationId !== after.operationId) {
      add(
        before.key,
        true,
        'changed-operation-id',
        'operationId',
        `${before.operationId} -> ${after.operationId ?? 'none'}: generated clients name their method after it`,
      );
    }
    compareSecurity(before, after, add, docs);
    compareParameters(before, after, add, schemaChanges, docs);
    compareRequestBody(oldDoc, newDoc, before, after, add, schemaChanges);
    compareResponses(before, after, add, schemaChanges);
  }
  for (const key of newOperations.keys()) add(key, false, 'added-operation', '', 'the operation was added');
  return changes;
}

/**
 * @param {import('./types.js').Operation} before
 * @param {import('./types.js').Operation} after
 * @param {AddChange} add
 * @param {Docs} docs
 */
function compareSecurity(before, after, add, { oldDoc, newDoc }) {
  if (isPublic(before)) {
    if (!isPublic(after)) add(before.key, true, 'security-added', 'security', 'a public operation now requires authentication');
    return;
  }
  if (isPublic(after)) return;
  // Each requirement is one way to authenticate: a caller using one that is gone is refused.
  const names = (/** @type {Record<string, string[]>} */ requirement) => Object.keys(requirement).sort().join(' + ');
  const accepted = new Set(after.security.map(names));
  for (const requirement of before.security) {
    if (!accepted.has(names(requirement))) add(before.key, true, 'security-changed', 'security', `${names(requirement)} is no longer accepted`);
    for (const name of Object.keys(requirement)) {
      const [oldScheme, newScheme] = [oldDoc, newDoc].map((doc) => deref(doc, doc.components?.securitySchemes?.[name]).node);
      const { description: _old, ...oldRule } = oldScheme;
      const { description: _new, ...newRule } = newScheme;
      if (accepted.has(names(requirement)) && !sameJson(oldRule, newRule)) {
        add(before.key, true, 'security-changed', `security scheme ${name}`, `changed: ${JSON.stringify(oldRule)} -> ${JSON.stringify(newRule)}`);
      }
    }
  }
}

/** @param {import('./types.js').Operation} operation */
function isPublic(operation) {
  return operation.security.length === 0 || operation.security.some((requirement) => Object.keys(requirement).length === 0);
}

/**
 * @param {import('./types.js').Operation} before
 * @param {import('./types.js').Operation} after
 * @param {AddChange} add
 * @param {SchemaChanges} schemaChanges
 * @param {Docs} docs
 */
function compareParameters(before, after, add, schemaChanges, { oldDoc, newDoc }) {
  const afterByKey = new Map(after.parameters.map((parameter) => [`${parameter.in} ${parameter.name}`, parameter]));
  for (const old of before.parameters) {
    const where = `${old.in} parameter ${old.name}`;
    const next = afterByKey.get(`${old.in} ${old.name}`);
    afterByKey.delete(`${old.in} ${old.name}`);
    if (!next) {
      add(before.key, true, 'removed-parameter', where, 'was removed');
      continue;
    }
    if (!old.required && next.required) add(before.key, true, 'new-required-parameter', where, 'became required');
    if (old.style !== next.style || old.explode !== next.explode) {
      add(before.key, true, 'changed-serialization', where, `style/explode ${old.style}/${old.explode} -> ${next.style}/${next.explode}`);
    }
    const oldDefault = deref(oldDoc, old.schema).node.default;
    const newDefault = deref(newDoc, next.schema).node.default;
    if (!sameJson(oldDefault, newDefault)) {
      add(
        before.key,
        true,
        'changed-default',
        where,
        `default ${JSON.stringify(oldDefault)} -> ${JSON.stringify(newDefault)}: callers that leave it out get other results`,
      );
    }
    schemaChanges(old.schema, next.schema, 'request', where);
  }
  for (const [, added] of afterByKey) {
    const where = `${added.in} parameter ${added.name}`;
    if (added.required) add(before.key, true, 'new-required-parameter', where, 'was added as required');
    else add(before.key, false, 'added-parameter', where, 'was added (optional)');
  }
}

/**
 * @param {import('./types.js').OpenApiDocument} oldDoc
 * @param {import('./types.js').OpenApiDocument} newDoc
 * @param {import('./types.js').Operation} before
 * @param {import('./types.js').Operation} after
 * @param {AddChange} add
 * @param {SchemaChanges} schemaChanges
 */
function compareRequestBody(oldDoc, newDoc, before, after, add, schemaChanges) {
  const oldBody = deref(oldDoc, operationObject(oldDoc, before).requestBody).node;
  const newBody = deref(newDoc, operationObject(newDoc, after).requestBody).node;
  if (!newBody.content) return;
  if (!oldBody.content) {
    if (newBody.required) add(before.key, true, 'new-required-request-body', 'request body', 'a required request body was added');
    return;
  }
  if (!oldBody.required && newBody.required) add(before.key, true, 'new-required-request-body', 'request body', 'became required');
  for (const [mediaType, media] of Object.entries(/** @type {Record<string, JsonNode>} */ (oldBody.content))) {
    const next = newBody.content[mediaType];
    if (!next) add(before.key, true, 'removed-request-media-type', `request body ${mediaType}`, 'is no longer accepted');
    else schemaChanges(media.schema ?? {}, next.schema ?? {}, 'request', `request body ${mediaType}`);
  }
}

/**
 * @param {import('./types.js').Operation} before
 * @param {import('./types.js').Operation} after
 * @param {AddChange} add
 * @param {SchemaChanges} schemaChanges
 */
function compareResponses(before, after, add, schemaChanges) {
  for (const [status, old] of Object.entries(before.responses)) {
    const next = after.responses[status];
    if (!next) {
      if (status.startsWith('2')) add(before.key, true, 'removed-response', `response ${status}`, 'was removed');
      continue;
    }
    for (const [mediaType, media] of Object.entries(old.content)) {
      const where = `response ${status} ${mediaType}`;
      const nextMedia = next.content[mediaType];
      if (!nextMedia) add(before.key, true, 'removed-response-media-type', where, 'is no longer returned');
      else if (media.schemaPointer && nextMedia.schemaPointer) {
        schemaChanges({ $ref: media.schemaPointer }, { $ref: nextMedia.schemaPointer }, 'response', where);
      }
    }
    for (const [name, header] of Object.entries(old.headers)) {
      const where = `response ${status} header ${header.name}`;
      const nextHeader = next.headers[name];
      if (!nextHeader) add(before.key, true, 'removed-response-header', where, 'was removed');
      else {
        if (header.required && !nextHeader.required) add(before.key, true, 'response-field-no-longer-required', where, 'is no longer required');
        if (header.schemaPointer && nextHeader.schemaPointer) {
          schemaChanges({ $ref: header.schemaPointer }, { $ref: nextHeader.schemaPointer }, 'response', where);
        }
      }
    }
  }
  for (const status of Object.keys(after.responses)) {
    if (!before.responses[status]) add(before.key, false, 'added-response', `response ${status}`, 'was added');
  }
}

/**
 * @param {import('./types.js').OpenApiDocument} doc
 * @param {import('./types.js').Operation} operation
 * @returns {JsonNode}
 */
function operationObject(doc, operation) {
  return deref(doc, { $ref: operation.pointer }).node;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * The whole check. Returns { ok, released, current, breaking[], additive[], problems[] }. Without a
 * `changelog`, its sections are not checked.
 * @param {{ released: import('./types.js').OpenApiDocument, current: import('./types.js').OpenApiDocument, changelog?: string }} input
 * @returns {import('./types.js').ReleaseCheck}
 */
export function checkRelease({ released, current, changelog }) {
  /** @type {string[]} */
  const problems = [];
  const from = SEMVER.exec(released.info?.version ?? '');
  const to = SEMVER.exec(current.info?.version ?? '');
  if (!from) problems.push(`the released copy's info.version "${released.info?.version}" is not semver`);
  if (!to) problems.push(`info.version "${current.info?.version}" is not semver`);
  const changes = findChanges(released, current);
  const breaking = changes.filter((change) => change.breaking);
  const additive = changes.filter((change) => !change.breaking);
  const result = { released: released.info?.version, current: current.info?.version, breaking, additive, problems };
  if (!from || !to) return { ...result, ok: false };

  const [, ...oldParts] = from.map(Number);
  const [, ...newParts] = to.map(Number);
  const order = newParts.map((part, index) => part - /** @type {number} */ (oldParts[index])).find((difference) => difference !== 0) ?? 0;
  const majorBumped = /** @type {number} */ (newParts[0]) > /** @type {number} */ (oldParts[0]);
  if (order < 0) problems.push(`info.version went backwards: released ${result.released}, now ${result.current}`);
  if (breaking.length > 0 && !majorBumped) {
    problems.push(`${breaking.length} breaking change(s) need a major version bump (released ${result.released}, now ${result.current})`);
  }
  if (changelog !== undefined && result.current !== result.released) {
    const section = changelogSection(changelog, result.current);
    if (section === undefined) problems.push(`the CHANGELOG has no "## ${result.current}" section`);
    else if (majorBumped) {
      const unlisted = [...new Set(breaking.map((change) => change.operation))].filter((key) => !section.includes(key));
      if (unlisted.length > 0) problems.push(`the CHANGELOG's ${result.current} section does not name the broken operation(s): ${unlisted.join(', ')}`);
    }
  }
  return { ...result, ok: problems.length === 0 };
}

/**
 * The text under `## <version>` (a heading may add a date: `## 2.1.0 (2027-01-05)`), or undefined.
 * @param {string} changelog
 * @param {string} version
 */
export function changelogSection(changelog, version) {
  const lines = changelog.split('\n');
  const escaped = version.replace(/[.+]/g, '\\$&');
  const start = lines.findIndex((line) => new RegExp(`^## \\[?${escaped}\\]?(\\s|$)`).test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, index) => index > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** @param {import('./types.js').ReleaseCheck} result */
export function formatResult(result) {
  const lines = [`Breaking-change check: head info.version ${result.current} against base ${result.released}`];
  const list = (/** @type {string} */ title, /** @type {import('./types.js').Change[]} */ changes) => {
    if (changes.length === 0) return;
    lines.push('', `${title} (${changes.length}):`);
    for (const change of changes) lines.push(`  ${change.operation}  ${change.kind}: ${[change.where, change.message].filter(Boolean).join(': ')}`);
  };
  list('Breaking changes', result.breaking);
  list('Additive changes', result.additive);
  if (result.breaking.length === 0) lines.push('', 'No breaking changes.');
  for (const problem of result.problems) lines.push(`FAIL: ${problem}`);
  if (result.ok) lines.push(result.breaking.length > 0 ? 'PASS: the major version was bumped' : 'PASS');
  return lines.join('\n');
}
