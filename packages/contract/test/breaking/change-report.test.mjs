// What the breaking-change check reports, exactly: each change's kind, operation, place and message
// (findChanges), the release verdict's problems (checkRelease), and the text the command prints
// (formatResult). breaking-changes.test.mjs checks which changes are caught; this checks what is said.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changelogSection, checkRelease, findChanges, formatResult } from '../../lib/breaking-changes.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const base = JSON.parse(readFileSync(resolve(packageDir, 'test/fixtures/breaking/base.json'), 'utf8'));

function mutated(change, from = base) {
  const doc = structuredClone(from);
  change(doc);
  return doc;
}
const things = (doc) => doc.paths['/things'].get;
const param = (doc, name) => things(doc).parameters.find((parameter) => parameter.name === name);
const change = (operation, kind, where, message, breaking = true) => ({ breaking, kind, operation, where, message });
const changesTo = (edit, from = base) => findChanges(from, mutated(edit, from));

describe('operations', () => {
  it('removed, added, renamed', () => {
    expect(changesTo((doc) => delete doc.paths['/things/{id}'])).toEqual([change('GET /things/{id}', 'removed-operation', '', 'the operation was removed')]);
    expect(
      changesTo((doc) => {
        doc.paths['/widgets'] = { post: { responses: {} } };
      }),
    ).toEqual([change('POST /widgets', 'added-operation', '', 'the operation was added', false)]);
    expect(
      changesTo((doc) => {
        things(doc).operationId = 'searchThings';
      }),
    ).toEqual([change('GET /things', 'changed-operation-id', 'operationId', 'listThings -> searchThings: generated clients name their method after it')]);
    expect(
      changesTo((doc) => {
        delete things(doc).operationId;
      }),
    ).toEqual([change('GET /things', 'changed-operation-id', 'operationId', 'listThings -> none: generated clients name their method after it')]);
  });
});

describe('security', () => {
  const withKey = mutated((doc) => {
    doc.components.securitySchemes.key = { type: 'apiKey', in: 'header', name: 'X-Key' };
  });

  it('a public operation that now needs authentication; one that becomes public breaks nothing', () => {
    expect(
      changesTo((doc) => {
        doc.paths['/ping'].get.security = [{ basic: [] }];
      }),
    ).toEqual([change('GET /ping', 'security-added', 'security', 'a public operation now requires authentication')]);
    expect(
      changesTo((doc) => {
        things(doc).security = [{}];
      }),
    ).toEqual([]);
    // Optional authentication (an empty requirement beside others) is public.
    const optional = mutated((doc) => {
      things(doc).security = [{}, { basic: [] }];
    });
    expect(
      changesTo((doc) => {
        things(doc).security = [{ basic: [] }];
      }, optional),
    ).toEqual([change('GET /things', 'security-added', 'security', 'a public operation now requires authentication')]);
    expect(changesTo(() => {}, optional)).toEqual([]);
  });

  it('a requirement no longer accepted is named with its schemes, in any order', () => {
    const both = mutated((doc) => {
      things(doc).security = [{ basic: [], key: [] }];
    }, withKey);
    expect(
      changesTo((doc) => {
        things(doc).security = [{ key: [], basic: [] }];
      }, both),
    ).toEqual([]);
    expect(
      changesTo((doc) => {
        things(doc).security = [{ basic: [] }];
      }, both),
    ).toEqual([change('GET /things', 'security-changed', 'security', 'basic + key is no longer accepted')]);
  });

  it('a changed scheme, its description aside', () => {
    expect(
      changesTo((doc) => {
        doc.components.securitySchemes.basic = { type: 'http', scheme: 'bearer', description: 'Now a token.' };
      }),
    ).toEqual(
      ['GET /things', 'GET /things/{id}'].map((operation) =>
        change(operation, 'security-changed', 'security scheme basic', 'changed: {"type":"http","scheme":"basic"} -> {"type":"http","scheme":"bearer"}'),
      ),
    );
    expect(
      changesTo((doc) => {
        delete doc.components.securitySchemes;
      }),
    ).toEqual(
      ['GET /things', 'GET /things/{id}'].map((operation) =>
        change(operation, 'security-changed', 'security scheme basic', 'changed: {"type":"http","scheme":"basic"} -> {}'),
      ),
    );
  });

  it('a description without components: schemes that are not defined do not change', () => {
    const bare = { openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, security: [{ basic: [] }], paths: { '/a': { get: { responses: {} } } } };
    expect(findChanges(bare, structuredClone(bare))).toEqual([]);
  });
});

describe('parameters', () => {
  it('removed, required, added', () => {
    expect(
      changesTo((doc) => {
        things(doc).parameters = things(doc).parameters.filter((p) => p.name !== 'name');
      }),
    ).toEqual([change('GET /things', 'removed-parameter', 'query parameter name', 'was removed')]);
    expect(
      changesTo((doc) => {
        param(doc, 'name').required = true;
      }),
    ).toEqual([change('GET /things', 'new-required-parameter', 'query parameter name', 'became required')]);
    expect(
      changesTo((doc) => {
        things(doc).parameters.push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } });
        things(doc).parameters.push({ name: 'X-Trace', in: 'header', schema: { type: 'string' } });
      }),
    ).toEqual([
      change('GET /things', 'new-required-parameter', 'query parameter q', 'was added as required'),
      change('GET /things', 'added-parameter', 'header parameter X-Trace', 'was added (optional)', false),
    ]);
  });

  it('serialization: style or explode', () => {
    expect(
      changesTo((doc) => {
        param(doc, 'tags').explode = false;
      }),
    ).toEqual([change('GET /things', 'changed-serialization', 'query parameter tags', 'style/explode form/true -> form/false')]);
    expect(
      changesTo((doc) => {
        param(doc, 'tags').style = 'pipeDelimited';
      }),
    ).toEqual([change('GET /things', 'changed-serialization', 'query parameter tags', 'style/explode form/true -> pipeDelimited/true')]);
  });

  it('a changed default', () => {
    expect(
      changesTo((doc) => {
        param(doc, 'limit').schema.default = 50;
      }),
    ).toEqual([change('GET /things', 'changed-default', 'query parameter limit', 'default 20 -> 50: callers that leave it out get other results')]);
  });
});

describe('request bodies', () => {
  const body = (required, content = { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } }) => ({
    ...(required === undefined ? {} : { required }),
    content,
  });
  const withPost = (requestBody) =>
    mutated((doc) => {
      doc.paths['/things'].post = { operationId: 'createThing', responses: {}, ...(requestBody ? { requestBody } : {}) };
    });

  it('a body added: breaking only when required', () => {
    expect(findChanges(withPost(undefined), withPost(body(false)))).toEqual([]);
    expect(findChanges(withPost(undefined), withPost(body(undefined)))).toEqual([]);
    expect(findChanges(withPost(undefined), withPost(body(true)))).toEqual([
      change('POST /things', 'new-required-request-body', 'request body', 'a required request body was added'),
    ]);
  });

  it('a body that became required; one dropped', () => {
    expect(findChanges(withPost(body(false)), withPost(body(true)))).toEqual([
      change('POST /things', 'new-required-request-body', 'request body', 'became required'),
    ]);
    expect(findChanges(withPost(body(true)), withPost(body(false)))).toEqual([]);
    expect(findChanges(withPost(body(true)), withPost(body(true)))).toEqual([]);
    expect(findChanges(withPost(body(true)), withPost(undefined))).toEqual([]);
  });

  it('a media type no longer accepted; a schema compared as a request', () => {
    const two = body(true, { 'application/json': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } } });
    expect(findChanges(withPost(two), withPost(body(true, { 'application/json': { schema: { type: 'string' } } })))).toEqual([
      change('POST /things', 'removed-request-media-type', 'request body text/plain', 'is no longer accepted'),
    ]);
    expect(findChanges(withPost(body(true)), withPost(body(true, { 'application/json': { schema: { type: 'object', required: ['name'] } } })))).toEqual([
      change('POST /things', 'new-required-request-field', 'request body application/json /name', 'is now required'),
    ]);
    // A media type without a schema accepts anything.
    expect(findChanges(withPost(body(true, { 'text/plain': {} })), withPost(body(true, { 'text/plain': { schema: { maxLength: 5 } } })))).toEqual([
      change('POST /things', 'narrowed-constraint', 'request body text/plain', 'maxLength none -> 5'),
    ]);
  });
});

describe('responses', () => {
  const page = (doc) => things(doc).responses['200'];

  it('a success response removed; an error status removed or added is not breaking', () => {
    expect(
      changesTo((doc) => {
        delete things(doc).responses['200'];
      }),
    ).toEqual([change('GET /things', 'removed-response', 'response 200', 'was removed')]);
    expect(
      changesTo((doc) => {
        delete things(doc).responses['422'];
      }),
    ).toEqual([]);
    expect(
      changesTo((doc) => {
        things(doc).responses['404'] = { description: 'Gone.' };
      }),
    ).toEqual([change('GET /things', 'added-response', 'response 404', 'was added', false)]);
  });

  it('a media type no longer returned', () => {
    expect(
      changesTo((doc) => {
        page(doc).content = { 'application/xml': page(doc).content['application/json'] };
      }),
    ).toEqual([change('GET /things', 'removed-response-media-type', 'response 200 application/json', 'is no longer returned')]);
  });

  it('a schema dropped from a media type is not compared', () => {
    expect(
      changesTo((doc) => {
        delete page(doc).content['application/json'].schema;
      }),
    ).toEqual([]);
  });

  it('headers: removed, no longer required, retyped', () => {
    expect(
      changesTo((doc) => {
        delete page(doc).headers;
      }),
    ).toEqual([change('GET /things', 'removed-response-header', 'response 200 header Cache-Control', 'was removed')]);
    const required = mutated((doc) => {
      page(doc).headers['Cache-Control'].required = true;
    });
    expect(
      changesTo((doc) => {
        page(doc).headers['Cache-Control'].required = false;
      }, required),
    ).toEqual([change('GET /things', 'response-field-no-longer-required', 'response 200 header Cache-Control', 'is no longer required')]);
    expect(
      findChanges(
        base,
        mutated((doc) => {
          page(doc).headers['Cache-Control'].required = true;
        }),
      ),
    ).toEqual([]);
    expect(
      changesTo((doc) => {
        page(doc).headers['Cache-Control'].schema = { type: 'integer' };
      }),
    ).toEqual([change('GET /things', 'retyped', 'response 200 header Cache-Control', 'type string -> integer: may now be integer')]);
    // A header schema dropped is not compared.
    expect(
      changesTo((doc) => {
        delete page(doc).headers['Cache-Control'].schema;
      }),
    ).toEqual([]);
  });
});

describe('the release verdict', () => {
  const versioned = (version, edit = () => {}) =>
    mutated((doc) => {
      doc.info.version = version;
      edit(doc);
    });

  it('names a version that is not semver, or missing', () => {
    const noInfo = mutated((doc) => delete doc.info);
    expect(checkRelease({ released: noInfo, current: base })).toEqual({
      released: undefined,
      current: '1.0.0',
      breaking: [],
      additive: [],
      problems: ['the released copy\'s info.version "undefined" is not semver'],
      ok: false,
    });
    expect(checkRelease({ released: base, current: noInfo }).problems).toEqual(['info.version "undefined" is not semver']);
    expect(checkRelease({ released: versioned('1.0'), current: versioned('1.0.0.0') }).problems).toEqual([
      'the released copy\'s info.version "1.0" is not semver',
      'info.version "1.0.0.0" is not semver',
    ]);
  });

  it('keeps breaking and additive changes apart', () => {
    const current = versioned('2.0.0', (doc) => {
      delete doc.paths['/things/{id}'];
      doc.paths['/widgets'] = { get: { responses: {} } };
    });
    const result = checkRelease({ released: base, current });
    expect(result.breaking).toEqual([change('GET /things/{id}', 'removed-operation', '', 'the operation was removed')]);
    expect(result.additive).toEqual([change('GET /widgets', 'added-operation', '', 'the operation was added', false)]);
    expect(result.ok).toBe(true);
  });

  it('orders versions by their first differing part', () => {
    const released = versioned('1.2.0');
    expect(checkRelease({ released, current: versioned('1.1.5') }).problems).toEqual(['info.version went backwards: released 1.2.0, now 1.1.5']);
    expect(checkRelease({ released, current: versioned('1.2.1') }).problems).toEqual([]);
    expect(checkRelease({ released, current: versioned('2.0.0') }).problems).toEqual([]);
  });

  it('an unchanged version needs no CHANGELOG section', () => {
    expect(checkRelease({ released: base, current: base, changelog: '# Changelog\n' })).toMatchObject({ ok: true, problems: [] });
  });

  it('names every broken operation the CHANGELOG leaves out', () => {
    const current = versioned('2.0.0', (doc) => {
      delete doc.paths['/things/{id}'];
      delete doc.paths['/things'];
    });
    expect(checkRelease({ released: base, current, changelog: '## 2.0.0\n\n- GET /ping: unchanged\n' }).problems).toEqual([
      "the CHANGELOG's 2.0.0 section does not name the broken operation(s): GET /things, GET /things/{id}",
    ]);
  });

  it('reads a CHANGELOG section to its end when it is the last', () => {
    expect(changelogSection('# Changelog\n\n## [1.0.0]\nA\nB', '1.0.0')).toBe('A\nB');
    expect(changelogSection('## 1.0.0\nA\n## 0.9.0\nB', '1.0.0')).toBe('A');
    expect(changelogSection('## 1.0.0+build\nA', '1.0.0+build')).toBe('A');
    expect(changelogSection('## 1x0x0\nA', '1.0.0')).toBeUndefined();
  });
});

describe('the printed report', () => {
  it('lists breaking and additive changes and says the major version was bumped', () => {
    const current = mutated((doc) => {
      doc.info.version = '2.0.0';
      delete doc.paths['/things/{id}'];
      things(doc).parameters.push({ name: 'q', in: 'query', schema: { type: 'string' } });
    });
    const result = checkRelease({ released: base, current, changelog: '## 2.0.0\n- GET /things/{id}\n' });
    expect(formatResult(result)).toBe(
      [
        'Breaking-change check: head info.version 2.0.0 against base 1.0.0',
        '',
        'Breaking changes (1):',
        '  GET /things/{id}  removed-operation: the operation was removed',
        '',
        'Additive changes (1):',
        '  GET /things  added-parameter: query parameter q: was added (optional)',
        'PASS: the major version was bumped',
      ].join('\n'),
    );
  });

  it('says when there is no breaking change, and passes', () => {
    expect(formatResult(checkRelease({ released: base, current: base }))).toBe(
      ['Breaking-change check: head info.version 1.0.0 against base 1.0.0', '', 'No breaking changes.', 'PASS'].join('\n'),
    );
  });

  it('prints each problem as a FAIL line, and no PASS', () => {
    const current = mutated((doc) => {
      doc.info.version = '1.1.0';
      param(doc, 'name').required = true;
    });
    expect(formatResult(checkRelease({ released: base, current, changelog: '# Changelog\n' }))).toBe(
      [
        'Breaking-change check: head info.version 1.1.0 against base 1.0.0',
        '',
        'Breaking changes (1):',
        '  GET /things  new-required-parameter: query parameter name: became required',
        'FAIL: 1 breaking change(s) need a major version bump (released 1.0.0, now 1.1.0)',
        'FAIL: the CHANGELOG has no "## 1.1.0" section',
      ].join('\n'),
    );
  });
});
