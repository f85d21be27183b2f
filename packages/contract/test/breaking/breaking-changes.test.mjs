// The breaking-change check: each kind of breaking change is caught on a small fixture description,
// additive changes pass, a major bump (with its CHANGELOG entry) allows breaking changes, and the real
// spec has no breaking change against its released copy.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { changelogSection, checkRelease } from '../../lib/breaking-changes.js';
// The workspace's shared test helpers (relative: a package dependency on the tools would be circular).
import { spawnNode } from '@merchant-ordering/test-kit/processes';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(packageDir, 'lib/cli.js');
// This repository's own check: the bundled description against its last released copy.
const repoRoot = resolve(packageDir, '../..');
const released = join(repoRoot, 'spec/released/openapi.json');
const current = join(repoRoot, 'spec/dist/openapi.json');
const changelogPath = join(repoRoot, 'spec/CHANGELOG.md');

const base = JSON.parse(readFileSync(resolve(packageDir, 'test/fixtures/breaking/base.json'), 'utf8'));
const CHANGELOG = '# Changelog\n\n## 1.0.0\n\nFirst release.\n';

function mutated(change) {
  const doc = structuredClone(base);
  change(doc);
  return doc;
}
const things = (doc) => doc.paths['/things'].get;
const param = (doc, name) => things(doc).parameters.find((parameter) => parameter.name === name);
const schemas = (doc) => doc.components.schemas;

/** The breaking changes found, as "OPERATION kind where". */
function breakingOf(current) {
  const result = checkRelease({ released: base, current, changelog: CHANGELOG });
  return result.breaking.map((change) => `${change.operation} ${change.kind} ${change.where}`.trim());
}

describe('breaking changes are caught', () => {
  it('a removed operation', () => {
    expect(breakingOf(mutated((doc) => delete doc.paths['/things/{id}']))).toEqual(['GET /things/{id} removed-operation']);
  });

  it('a changed operationId (generated clients name their method after it)', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          things(doc).operationId = 'searchThings';
        }),
      ),
    ).toEqual(['GET /things changed-operation-id operationId']);
  });

  it('a security requirement no longer accepted, and a security scheme that changed', () => {
    const bearer = mutated((doc) => {
      doc.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
      doc.paths['/things'].get.security = [{ bearer: [] }];
    });
    expect(breakingOf(bearer)).toEqual(['GET /things security-changed security']);
    const schemeName = Object.keys(base.components.securitySchemes)[0];
    const retyped = mutated((doc) => {
      doc.components.securitySchemes[schemeName] = { type: 'apiKey', in: 'header', name: 'X-Key' };
    });
    expect(breakingOf(retyped).every((line) => line.includes(`security-changed security scheme ${schemeName}`))).toBe(true);
    expect(breakingOf(retyped).length).toBeGreaterThan(0);
    const reworded = mutated((doc) => {
      doc.components.securitySchemes[schemeName].description = 'Reworded.';
    });
    expect(breakingOf(reworded)).toEqual([]);
  });

  it('a removed parameter', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          things(doc).parameters = things(doc).parameters.filter((p) => p.name !== 'name');
        }),
      ),
    ).toEqual(['GET /things removed-parameter query parameter name']);
  });

  it('a new required parameter', () => {
    expect(breakingOf(mutated((doc) => things(doc).parameters.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } })))).toEqual([
      'GET /things new-required-parameter query parameter region',
    ]);
  });

  it('an optional parameter that became required', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'limit').required = true;
        }),
      ),
    ).toEqual(['GET /things new-required-parameter query parameter limit']);
  });

  it('a removed response field', () => {
    expect(breakingOf(mutated((doc) => delete schemas(doc).Thing.properties.price))).toEqual([
      'GET /things removed-response-field response 200 application/json /results/[]/price',
      'GET /things/{id} removed-response-field response 200 application/json /price',
    ]);
  });

  it('a retyped response field', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).Page.properties.total.type = 'string';
        }),
      ),
    ).toEqual(['GET /things retyped response 200 application/json /total']);
  });

  it('a response field that may now be null', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).Page.properties.total.type = ['integer', 'null'];
        }),
      ),
    ).toEqual(['GET /things retyped response 200 application/json /total']);
  });

  it('a response field that is no longer required', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).Page.required = ['results'];
        }),
      ),
    ).toEqual(['GET /things response-field-no-longer-required response 200 application/json /total']);
  });

  it('a removed enum value in a request parameter', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).OrderBy.enum = ['createdAt'];
        }),
      ),
    ).toEqual(['GET /things removed-enum-value query parameter orderBy']);
  });

  it('a removed enum value in a response, even in an open enum', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).Thing.properties.state.anyOf[0].enum = ['ACTIVE'];
        }),
      ),
    ).toEqual([
      'GET /things removed-enum-value response 200 application/json /results/[]/state',
      'GET /things/{id} removed-enum-value response 200 application/json /state',
    ]);
  });

  it('a value added to a closed response enum', () => {
    expect(breakingOf(mutated((doc) => schemas(doc).Thing.properties.kind.enum.push('WASHER')))).toEqual([
      'GET /things added-response-enum-value response 200 application/json /results/[]/kind',
      'GET /things/{id} added-response-enum-value response 200 application/json /kind',
    ]);
  });

  it('a narrowed constraint: lower maximum', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'limit').schema.maximum = 100;
        }),
      ),
    ).toEqual(['GET /things narrowed-constraint query parameter limit']);
  });

  it('a narrowed constraint: higher minimum', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'limit').schema.minimum = 5;
        }),
      ),
    ).toEqual(['GET /things narrowed-constraint query parameter limit']);
  });

  it('a narrowed constraint: shorter maxLength', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'name').schema.maxLength = 32;
        }),
      ),
    ).toEqual(['GET /things narrowed-constraint query parameter name']);
  });

  it('a narrowed constraint: new pattern', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'name').schema.pattern = '^[a-z]+$';
        }),
      ),
    ).toEqual(['GET /things narrowed-constraint query parameter name']);
  });

  it('a narrowed constraint: new format', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'name').schema.format = 'email';
        }),
      ),
    ).toEqual(['GET /things narrowed-constraint query parameter name']);
  });

  it('a request parameter that accepts fewer types', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'tags').schema.items.type = 'integer';
        }),
      ),
    ).toEqual(['GET /things retyped query parameter tags /[]']);
  });

  it('a widened response constraint: longer maxLength', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          schemas(doc).Thing.properties.price.maxLength = 32;
        }),
      ),
    ).toEqual([
      'GET /things widened-response-constraint response 200 application/json /results/[]/price',
      'GET /things/{id} widened-response-constraint response 200 application/json /price',
    ]);
  });

  it('a changed parameter default', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'limit').schema.default = 50;
        }),
      ),
    ).toEqual(['GET /things changed-default query parameter limit']);
  });

  it('a changed array serialization', () => {
    expect(
      breakingOf(
        mutated((doc) => {
          param(doc, 'tags').explode = false;
        }),
      ),
    ).toEqual(['GET /things changed-serialization query parameter tags']);
  });

  it('a public operation that now requires authentication', () => {
    expect(breakingOf(mutated((doc) => delete doc.paths['/ping'].get.security))).toEqual(['GET /ping security-added security']);
  });

  it('a removed success response, media type or response header', () => {
    expect(breakingOf(mutated((doc) => delete doc.paths['/things/{id}'].get.responses['200']))).toEqual(['GET /things/{id} removed-response response 200']);
    expect(
      breakingOf(
        mutated((doc) => {
          things(doc).responses['200'].content = { 'application/xml': { schema: { type: 'string' } } };
        }),
      ),
    ).toEqual(['GET /things removed-response-media-type response 200 application/json']);
    expect(breakingOf(mutated((doc) => delete things(doc).responses['200'].headers))).toEqual([
      'GET /things removed-response-header response 200 header Cache-Control',
    ]);
  });

  it('a new required request field', () => {
    const withBody = mutated((doc) => {
      doc.paths['/things'].post = {
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'integer' } } } } } },
        responses: { 201: { description: 'Created.' } },
      };
    });
    const after = structuredClone(withBody);
    after.paths['/things'].post.requestBody.content['application/json'].schema.required = ['size'];
    const result = checkRelease({ released: withBody, current: after, changelog: CHANGELOG });
    expect(result.breaking.map((change) => `${change.operation} ${change.kind} ${change.where}`)).toEqual([
      'POST /things new-required-request-field request body application/json /size',
    ]);
  });
});

describe('changes that are not breaking pass', () => {
  it('an unchanged description', () => {
    const result = checkRelease({ released: base, current: structuredClone(base), changelog: CHANGELOG });
    expect(result).toMatchObject({ ok: true, breaking: [], additive: [], problems: [] });
  });

  it('additive changes: a new operation, optional parameter, response field and status, a request enum value, a wider request range, a value in an open response enum', () => {
    const current = mutated((doc) => {
      doc.paths['/things/{id}/history'] = { get: { responses: { 200: { description: 'History.' } } } };
      things(doc).parameters.push({ name: 'colour', in: 'query', schema: { type: 'string' } });
      schemas(doc).Thing.properties.colour = { type: 'string' };
      things(doc).responses['429'] = { description: 'Slow down.' };
      schemas(doc).OrderBy.enum.push('price');
      param(doc, 'limit').schema.maximum = 500;
      param(doc, 'name').schema.maxLength = 128;
      schemas(doc).Thing.properties.state.anyOf[0].enum.push('ARCHIVED');
      doc.info.version = '1.1.0';
    });
    const result = checkRelease({ released: base, current, changelog: `${CHANGELOG}\n## 1.1.0\n\n- GET /things: colour.\n` });
    expect(result.breaking).toEqual([]);
    expect(result.additive.map((change) => `${change.operation} ${change.kind} ${change.where}`)).toEqual([
      'GET /things added-parameter query parameter colour',
      'GET /things added-response response 429',
      'GET /things/{id}/history added-operation ',
    ]);
    expect(result).toMatchObject({ ok: true, problems: [] });
  });

  it('an open enum whose `type` moves from beside the anyOf into each branch is unchanged', () => {
    const current = mutated((doc) => {
      const state = schemas(doc).Thing.properties.state;
      delete state.type;
      state.anyOf = [
        { type: 'string', enum: ['ACTIVE', 'RETIRED'] },
        { type: 'string', minLength: 1 },
      ];
    });
    expect(breakingOf(current)).toEqual([]);
  });

  it('an open enum rewritten as a plain string naming its known values in x-known-values is unchanged', () => {
    const current = mutated((doc) => {
      schemas(doc).KnownState = { type: 'string', enum: ['ACTIVE', 'RETIRED'] };
      schemas(doc).Thing.properties.state = { type: 'string', minLength: 1, 'x-known-values': { $ref: '#/components/schemas/KnownState' } };
    });
    expect(breakingOf(current)).toEqual([]);
  });

  it('a known value removed from x-known-values breaks (generated clients lose its constant); an added one does not', () => {
    const open = (values) =>
      mutated((doc) => {
        schemas(doc).KnownState = { type: 'string', enum: values };
        schemas(doc).Thing.properties.state = { type: 'string', minLength: 1, 'x-known-values': { $ref: '#/components/schemas/KnownState' } };
      });
    const compare = (released, current) => checkRelease({ released, current, changelog: CHANGELOG }).breaking.map((change) => `${change.kind} ${change.where}`);
    expect(compare(open(['ACTIVE', 'RETIRED']), open(['ACTIVE']))).toEqual([
      'removed-enum-value response 200 application/json /results/[]/state',
      'removed-enum-value response 200 application/json /state',
    ]);
    expect(compare(open(['ACTIVE', 'RETIRED']), open(['ACTIVE', 'RETIRED', 'ARCHIVED']))).toEqual([]);
  });

  it('an open enum whose listed values do not fit its open branch is compared branch by branch', () => {
    const current = mutated((doc) => {
      schemas(doc).Thing.properties.state = {
        anyOf: [
          { type: 'string', enum: ['ACTIVE', 'x'] },
          { type: 'string', minLength: 2 },
        ],
      };
    });
    expect(breakingOf(current)).not.toEqual([]);
  });

  it('a const and a pattern matching only that literal are the same rule; any other pattern is not', () => {
    const withConst = mutated((doc) => {
      schemas(doc).Thing.properties.id = { type: 'string', const: 'pong' };
    });
    const withLiteral = mutated((doc) => {
      schemas(doc).Thing.properties.id = { type: 'string', pattern: '^pong$' };
    });
    const withPrefix = mutated((doc) => {
      schemas(doc).Thing.properties.id = { type: 'string', pattern: '^pong' };
    });
    const compare = (released, current) =>
      checkRelease({ released, current, changelog: CHANGELOG }).breaking.map((change) => `${change.kind} ${change.where}: ${change.message}`);
    expect(compare(withConst, withLiteral)).toEqual([]);
    expect(compare(withConst, withPrefix)).toEqual([
      'widened-response-constraint response 200 application/json /results/[]/id: const "pong" -> none',
      'widened-response-constraint response 200 application/json /id: const "pong" -> none',
    ]);
  });

  it('recursive schemas are compared without looping', () => {
    const current = mutated((doc) => {
      schemas(doc).Thing.properties.parent = { $ref: '#/components/schemas/Thing' };
    });
    expect(breakingOf(current)).toEqual([]);
  });
});

describe('version policy', () => {
  const breakingChange = (doc) => delete doc.paths['/things/{id}'];

  it('fails a breaking change without a major version bump', () => {
    const current = mutated((doc) => {
      breakingChange(doc);
      doc.info.version = '1.1.0';
    });
    const result = checkRelease({ released: base, current, changelog: `${CHANGELOG}\n## 1.1.0\n` });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(['1 breaking change(s) need a major version bump (released 1.0.0, now 1.1.0)']);
  });

  it('allows a breaking change when the major version was bumped and the CHANGELOG names the operation', () => {
    const current = mutated((doc) => {
      breakingChange(doc);
      doc.info.version = '2.0.0';
    });
    const changelog = `# Changelog\n\n## 2.0.0\n\n### Breaking\n\n- \`GET /things/{id}\`: removed.\n\n## 1.0.0\n`;
    const result = checkRelease({ released: base, current, changelog });
    expect(result.breaking).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, problems: [] });
  });

  it('fails a major bump whose CHANGELOG section does not name the broken operation', () => {
    const current = mutated((doc) => {
      breakingChange(doc);
      doc.info.version = '2.0.0';
    });
    const result = checkRelease({ released: base, current, changelog: `## 2.0.0\n\nA new major version.\n\n## 1.0.0\n` });
    expect(result.problems).toEqual(["the CHANGELOG's 2.0.0 section does not name the broken operation(s): GET /things/{id}"]);
  });

  it('fails a new version without a CHANGELOG section', () => {
    const result = checkRelease({
      released: base,
      current: mutated((doc) => {
        doc.info.version = '1.0.1';
      }),
      changelog: CHANGELOG,
    });
    expect(result.problems).toEqual(['the CHANGELOG has no "## 1.0.1" section']);
  });

  it('checks no CHANGELOG when none is given', () => {
    const result = checkRelease({
      released: base,
      current: mutated((doc) => {
        doc.info.version = '1.0.1';
      }),
    });
    expect(result).toMatchObject({ ok: true, problems: [] });
  });

  it('fails a version that goes backwards or is not semver', () => {
    expect(
      checkRelease({
        released: base,
        current: mutated((doc) => {
          doc.info.version = '0.9.0';
        }),
        changelog: '## 0.9.0\n',
      }).problems,
    ).toEqual(['info.version went backwards: released 1.0.0, now 0.9.0']);
    expect(
      checkRelease({
        released: base,
        current: mutated((doc) => {
          doc.info.version = 'v2';
        }),
        changelog: CHANGELOG,
      }).problems,
    ).toEqual(['info.version "v2" is not semver']);
  });

  it('reads a CHANGELOG section up to the next version heading', () => {
    const changelog = '# Changelog\n\n## 2.0.0 (2027-01-05)\n\n- GET /a\n\n## 1.0.0\n\n- GET /b\n';
    expect(changelogSection(changelog, '2.0.0')).toBe('\n- GET /a\n');
    expect(changelogSection(changelog, '3.0.0')).toBeUndefined();
  });
});

describe('the real description', () => {
  it('passes against the released copy: a breaking change comes with a major bump and its operation in the CHANGELOG', () => {
    const changelog = readFileSync(changelogPath, 'utf8');
    const result = checkRelease({
      released: JSON.parse(readFileSync(released, 'utf8')),
      current: JSON.parse(readFileSync(current, 'utf8')),
      changelog,
    });
    expect(result.problems).toEqual([]);
    const section = changelogSection(changelog, result.current);
    expect(section, `spec/CHANGELOG.md covers ${result.current}`).toBeDefined();
    for (const change of result.breaking) expect(section, `${change.operation} ${change.where}`).toContain(change.operation);
  });

  describe('the command line: merchant-ordering-contract breaking', () => {
    let scratch;
    afterEach(() => scratch && rmSync(scratch, { recursive: true, force: true }));

    it('passes on the real description and exits 0', async () => {
      const { output, exited } = spawnNode([cli, 'breaking', '--base', released, '--head', current, '--changelog', changelogPath]);
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output.stdout).toMatch(/^PASS/m);
    });

    it('reads YAML as well as JSON', async () => {
      const { output, exited } = spawnNode([cli, 'breaking', '--base', released, '--head', join(repoRoot, 'spec/dist/openapi.yaml')]);
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output.stdout).toMatch(/^PASS/m);
    });

    it('names what it needs when --base or --head is missing, and exits 2', async () => {
      const { output, exited } = spawnNode([cli, 'breaking', '--head', current]);
      expect((await exited).code).toBe(2);
      expect(output.stderr).toContain('breaking needs --base <old spec> and --head <new spec>');
    });

    it('prints each breaking change and exits 1', async () => {
      scratch = mkdtempSync(join(tmpdir(), 'breaking-'));
      const write = (name, content) => {
        writeFileSync(join(scratch, name), content);
        return join(scratch, name);
      };
      const args = [
        cli,
        'breaking',
        '--base',
        write('released.json', JSON.stringify(base)),
        '--head',
        write(
          'current.json',
          JSON.stringify(
            mutated((doc) => {
              param(doc, 'limit').schema.maximum = 100;
            }),
          ),
        ),
        '--changelog',
        write('CHANGELOG.md', CHANGELOG),
      ];
      const { output, exited } = spawnNode(args);
      expect((await exited).code).toBe(1);
      expect(output.stdout).toContain('GET /things  narrowed-constraint: query parameter limit: maximum 250 -> 100');
      expect(output.stdout).toContain('FAIL: 1 breaking change(s) need a major version bump (released 1.0.0, now 1.0.0)');
    });
  });
});
