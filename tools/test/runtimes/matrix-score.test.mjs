// How the runtime matrix (pnpm test:runtimes) scores one runtime's run: a runtime can only look green
// when it reported every expected scenario as passed, exited 0 and is the version pinned.
import { describe, expect, it } from 'vitest';
import { scoreRun } from '../../runtimes/score.mjs';
import { formatTable } from '../../runtimes/table.mjs';

const EXPECTED = ['auth › a', 'auth › b', 'queries › c'];
const RUNTIME = { name: 'node 24', pinned: '24.21.0' };
const report = (results, version = '24.21.0') => ({ runtime: 'node', version, results });
const allPassed = EXPECTED.map((name) => ({ name, passed: true }));

describe('scoring a runtime of the matrix', () => {
  it('counts every expected scenario reported as passed, with no problems', () => {
    const row = scoreRun(RUNTIME, EXPECTED, { code: 0, seconds: 1.2, report: report(allPassed), output: '' });
    expect(row).toMatchObject({ runtime: 'node 24', version: '24.21.0', passed: 3, failed: 0, problems: [] });
  });

  it('counts a failed scenario and lists its error', () => {
    const results = [...allPassed.slice(0, 2), { name: 'queries › c', passed: false, error: 'AssertionError: 422 !== 200' }];
    const row = scoreRun(RUNTIME, EXPECTED, { code: 0, seconds: 1, report: report(results), output: '' });
    expect(row).toMatchObject({ passed: 2, failed: 1 });
    expect(row.problems.join('\n')).toContain('AssertionError: 422 !== 200');
  });

  it('fails every scenario of a runtime that crashed before reporting, and shows its output', () => {
    const row = scoreRun(RUNTIME, EXPECTED, { code: 1, seconds: 0.1, report: undefined, output: 'SyntaxError: Unexpected token' });
    expect(row).toMatchObject({ version: '?', passed: 0, failed: 3 });
    expect(row.problems.join('\n')).toContain('SyntaxError: Unexpected token');
  });

  it('fails a scenario the runtime did not report', () => {
    const row = scoreRun(RUNTIME, EXPECTED, { code: 0, seconds: 1, report: report(allPassed.slice(0, 2)), output: '' });
    expect(row).toMatchObject({ passed: 2, failed: 1 });
    expect(row.problems).toEqual(['1 scenario(s) not reported, e.g. "queries › c"']);
  });

  it('fails a runtime that is not the pinned version', () => {
    const row = scoreRun(RUNTIME, EXPECTED, { code: 0, seconds: 1, report: report(allPassed, '24.0.0'), output: '' });
    expect(row).toMatchObject({ passed: 3, failed: 1 });
    expect(row.problems).toEqual(['reports version 24.0.0, but 24.21.0 is pinned']);
  });

  it('fails a runtime that exited non-zero after reporting every scenario as passed', () => {
    const row = scoreRun(RUNTIME, EXPECTED, { code: 1, seconds: 1, report: report(allPassed), output: 'unhandled rejection' });
    expect(row).toMatchObject({ passed: 3, failed: 1 });
  });
});

describe('the matrix table', () => {
  it('has a column for runtime, version, passed, failed and time, one row per runtime', () => {
    const table = formatTable([
      { runtime: 'node 22', version: '22.23.3', passed: 73, failed: 0, seconds: 0.52 },
      { runtime: 'deno', version: '2.9.6', passed: 70, failed: 3, seconds: 1.04 },
    ]);
    expect(table.split('\n')).toEqual([
      '| runtime | version | passed | failed |  time |',
      '| ------- | ------- | -----: | -----: | ----: |',
      '| node 22 | 22.23.3 |     73 |      0 | 0.5 s |',
      '| deno    | 2.9.6   |     70 |      3 | 1.0 s |',
    ]);
  });
});
