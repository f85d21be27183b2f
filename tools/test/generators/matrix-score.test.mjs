// How the generator matrix (pnpm test:generators) reads a target's RESULT lines and scores it: a
// target only looks green when it reported every check as passed and exited 0; a check its meta.json
// lists as impossible shows n/a, and passing it anyway is a failure (the listing is stale).
import { describe, expect, it } from 'vitest';
import { CHECKS, parseResults, scoreTarget } from '../../generators/score.mjs';
import { formatMatrix, formatSamples, formatWire } from '../../generators/table.mjs';
import { metaProblems } from '../../generators/targets.mjs';

const META = { generator: 'gen', version: '1.2.3', language: 'Lang', spec: '3.1', settings: 'defaults', impossible: {} };
const target = (meta = {}) => ({ id: 'gen-target', meta: { ...META, ...meta } });
const lines = (outcomes) =>
  Object.entries(outcomes)
    .map(([check, outcome]) => `RESULT ${check} ${outcome}`)
    .join('\n');
const allPass = Object.fromEntries(CHECKS.map((check) => [check, 'pass']));

describe('reading RESULT lines', () => {
  it('reads check, outcome and detail, and ignores every other line', () => {
    const { results, problems } = parseResults('compiling...\nRESULT vectors pass 20/20 sent as expected\nwarning: x\nRESULT paging fail status 500\n');
    expect(problems).toEqual([]);
    expect(results.get('vectors')).toEqual({ passed: true, detail: '20/20 sent as expected' });
    expect(results.get('paging')).toEqual({ passed: false, detail: 'status 500' });
  });

  it("finds a RESULT line that follows a tool's colour codes", () => {
    expect(parseResults('\x1b[0m\x1b[0mRESULT compile fail [ERROR] x').results.get('compile')).toEqual({ passed: false, detail: '[ERROR] x' });
  });

  it('fails a check reported twice with different outcomes', () => {
    expect(parseResults('RESULT filters pass a\nRESULT filters fail b').results.get('filters')).toEqual({ passed: false, detail: 'a; b' });
  });

  it('names a check that is not one of the matrix', () => {
    expect(parseResults('RESULT speed pass').problems).toEqual([
      'reported "speed", which is not a check of the matrix (generate, compile, filters, paging, auth401, vectors, evolve-filters, evolve-paging, evolve-auth401)',
    ]);
  });
});

describe('scoring a target', () => {
  it('passes every check reported as passed by a run that exited 0', () => {
    const row = scoreTarget(target(), { code: 0, seconds: 3, output: lines(allPass) });
    expect(row).toMatchObject({ id: 'gen-target', generator: 'gen', version: '1.2.3', passed: 9, failed: 0 });
    expect(Object.values(row.cells)).toEqual(CHECKS.map(() => '✓'));
  });

  it('fails a check that was not reported, e.g. after generation failed', () => {
    const row = scoreTarget(target(), { code: 1, seconds: 3, output: 'RESULT generate fail no such file' });
    expect(row.cells).toEqual({
      generate: '✗',
      compile: '✗',
      filters: '✗',
      paging: '✗',
      auth401: '✗',
      vectors: '✗',
      'evolve-filters': '✗',
      'evolve-paging': '✗',
      'evolve-auth401': '✗',
    });
    expect(row.notes).toContain('generate: FAIL no such file');
    expect(row.notes).toContain('compile: FAIL not reported');
  });

  it('shows n/a with the reason for a check listed as impossible, and does not count it as failed', () => {
    const meta = { impossible: { vectors: 'always sends spaces as +' } };
    const row = scoreTarget(target(meta), { code: 0, seconds: 3, output: lines({ ...allPass, vectors: 'fail 3 mismatches' }) });
    expect(row).toMatchObject({ passed: 8, failed: 0 });
    expect(row.cells.vectors).toBe('n/a');
    expect(row.notes).toContain('vectors: n/a, always sends spaces as +');
  });

  it('fails a check listed as impossible that passed: the listing is stale', () => {
    const row = scoreTarget(target({ impossible: { vectors: 'old reason' } }), { code: 0, seconds: 3, output: lines(allPass) });
    expect(row.cells.vectors).toBe('✗');
    expect(row.failed).toBe(1);
  });

  it('fails a run that exited non-zero although every check passed', () => {
    expect(scoreTarget(target(), { code: 2, seconds: 3, output: lines(allPass) }).failed).toBe(1);
  });

  it('notes a run stopped for taking too long', () => {
    const row = scoreTarget(target(), { code: null, seconds: 600.2, output: lines({ generate: 'pass' }), timedOut: true });
    expect(row.notes).toContain('stopped after 600 s');
    expect(row.failed).toBe(8);
  });

  it('fails an evolve- check on its own: the same build passed against the plain sandbox', () => {
    const row = scoreTarget(target(), { code: 0, seconds: 3, output: lines({ ...allPass, 'evolve-paging': 'fail decoding: unknown field addedLater' }) });
    expect(row).toMatchObject({ passed: 8, failed: 1 });
    expect(row.notes).toContain('evolve-paging: FAIL decoding: unknown field addedLater');
  });
});

describe("a target that runs the docs' samples (meta.json names a samples language)", () => {
  it('fails when it reports no samples check, and passes when it does', () => {
    const missing = scoreTarget(target({ samples: 'Python' }), { code: 0, seconds: 3, output: lines(allPass) });
    expect(missing).toMatchObject({ passed: 9, failed: 1 });
    expect(missing.cells.samples).toBe('✗');
    expect(missing.notes).toContain('samples: FAIL not reported');
    const reported = scoreTarget(target({ samples: 'Python' }), {
      code: 0,
      seconds: 3,
      output: `${lines(allPass)}\nRESULT samples pass List payments returned 2 payments`,
    });
    expect(reported).toMatchObject({ passed: 10, failed: 0 });
  });

  it('is the only kind of target whose samples line counts', () => {
    expect(parseResults('RESULT samples pass x').problems).toHaveLength(1);
    expect(scoreTarget(target(), { code: 0, seconds: 3, output: `${lines(allPass)}\nRESULT samples pass x` }).failed).toBe(1);
  });

  it('prints one line per language: whether the docs samples compiled and returned payments', () => {
    const rows = [
      scoreTarget(
        { id: 'og-python', meta: { ...META, samples: 'Python' } },
        { code: 0, seconds: 1, output: `${lines(allPass)}\nRESULT samples pass returned 2 payments` },
      ),
      scoreTarget(
        { id: 'og-go', meta: { ...META, samples: 'Go' } },
        { code: 1, seconds: 1, output: `${lines(allPass)}\nRESULT samples fail docs_ping: exit 1` },
      ),
      scoreTarget(target(), { code: 0, seconds: 1, output: lines(allPass) }),
    ];
    expect(formatSamples(rows).split('\n').slice(2)).toEqual([
      '| Python   | og-python |      ✓       | returned 2 payments |',
      '| Go       | og-go     |      ✗       | docs_ping: exit 1   |',
    ]);
  });

  it('names a samples language the docs do not have', () => {
    expect(metaProblems({ ...META, samples: 'Cobol' }, CHECKS)).toEqual(['"samples" must be one of Python, Go, Java, Kotlin, Rust, not "Cobol"']);
  });
});

describe('checking a meta.json', () => {
  it('accepts a complete meta.json', () => {
    expect(metaProblems(META, CHECKS)).toEqual([]);
  });

  it('names missing fields, a wrong spec version and an impossible check without a reason or not in the matrix', () => {
    expect(metaProblems({ ...META, version: '', spec: '2.0', impossible: { speed: 'x', paging: '' } }, CHECKS)).toEqual([
      '"version" must be a non-empty string',
      '"spec" must be "3.1" or "3.0", not "2.0"',
      '"impossible" names "speed", which is not a check (generate, compile, filters, paging, auth401, vectors, evolve-filters, evolve-paging, evolve-auth401)',
      '"impossible.paging" must give the reason',
    ]);
  });
});

describe('the matrix table', () => {
  it('has one row per target and one column per check, with ✓, ✗ and n/a', () => {
    const rows = [
      scoreTarget(target(), { code: 0, seconds: 12.4, output: lines(allPass) }),
      scoreTarget(
        { id: 'other', meta: { ...META, generator: 'other', impossible: { auth401: 'reason' } } },
        { code: 1, seconds: 1, output: lines({ generate: 'pass', compile: 'fail' }) },
      ),
    ];
    expect(formatMatrix(rows).split('\n')).toEqual([
      '| target     | generator   | generate | compile | filters | paging | auth401 | vectors | evolve-filters | evolve-paging | evolve-auth401 | time |',
      '| ---------- | ----------- | :------: | :-----: | :-----: | :----: | :-----: | :-----: | :------------: | :-----------: | :------------: | ---: |',
      '| gen-target | gen 1.2.3   |    ✓     |    ✓    |    ✓    |   ✓    |    ✓    |    ✓    |       ✓        |       ✓       |       ✓        | 12 s |',
      '| other      | other 1.2.3 |    ✓     |    ✗    |    ✗    |   ✗    |   n/a   |    ✗    |       ✗        |       ✗       |       ✗        |  1 s |',
    ]);
  });

  it('shows what each client sent for the filter, and whether the service reads it as documented', () => {
    const rows = [
      { id: 'a', filterQuery: { rawQuery: 'statuses=APPROVED&statuses=ON_HOLD', asDocumented: true, difference: '' } },
      {
        id: 'b',
        filterQuery: {
          rawQuery: 'statuses=APPROVED%2CON_HOLD',
          asDocumented: false,
          difference: 'statuses: sent ["APPROVED,ON_HOLD"], expected ["APPROVED","ON_HOLD"]',
        },
      },
      { id: 'c', filterQuery: { rawQuery: null, asDocumented: false, difference: 'no filter request reached the sandbox' } },
    ];
    const cells = formatWire(rows)
      .split('\n')
      .slice(2)
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(cells).toEqual([
      ['a', '`statuses=APPROVED&statuses=ON_HOLD`', '✓'],
      ['b', '`statuses=APPROVED%2CON_HOLD`', '✗ statuses: sent ["APPROVED,ON_HOLD"], expected ["APPROVED","ON_HOLD"]'],
      ['c', '(none)', '✗ no filter request reached the sandbox'],
    ]);
  });
});
