// The pure parts of `pnpm test:mutation` (tools/mutation): the score read from Stryker's report, the
// list of survivors and how mutants are matched to it, the hash that sends a package cold, and the
// BENCHMARKS.md section from the records. Stryker itself does not run here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, scoreReport, undetectedMutants } from '../../mutation/score.mjs';
import { checkSurvivors, formatRow, HEADER, parseSurvivors, shortCode } from '../../mutation/survivors.mjs';
import { diffedFiles, inputsHash } from '../../mutation/inputs.mjs';
import { renderReport, table } from '../../bench/lib/report.mjs';

const at = (line, column, endLine, endColumn) => ({ start: { line, column }, end: { line: endLine, column: endColumn } });
const mutant = (status, location, extra = {}) => ({ id: String(Math.random()), mutatorName: 'StringLiteral', replacement: '""', status, location, ...extra });

const report = {
  thresholds: { break: 85 },
  files: {
    'lib/a.js': {
      source: "const a = 'x';\nconst b = 'y';\nif (a) {\n  run();\n}\n",
      mutants: [
        mutant('Killed', at(1, 11, 1, 14)),
        mutant('Survived', at(2, 11, 2, 14)),
        mutant('Timeout', at(1, 11, 1, 14), { mutatorName: 'X' }),
        mutant('NoCoverage', at(3, 8, 5, 2), { mutatorName: 'BlockStatement', replacement: '{}' }),
        mutant('CompileError', at(1, 11, 1, 14)),
        mutant('Ignored', at(1, 11, 1, 14)),
      ],
    },
  },
};

describe('the score', () => {
  it('is killed and timed-out mutants over those plus survivors and uncovered ones; errors and ignored ones do not count', () => {
    const { counts, mutants, score } = scoreReport(report);
    expect(counts).toEqual({ Killed: 1, Timeout: 1, Survived: 1, NoCoverage: 1, CompileError: 1, RuntimeError: 0, Ignored: 1 });
    expect(mutants).toBe(6);
    expect(score).toBe(50);
  });

  it('is none when no mutant counts, and an unknown status is an error rather than a miscount', () => {
    expect(scoreReport({ files: { 'a.js': { source: '', mutants: [mutant('Ignored', at(1, 1, 1, 1))] } } }).score).toBeNull();
    expect(() => scoreReport({ files: { 'a.js': { source: '', mutants: [mutant('Pending', at(1, 1, 1, 1))] } } })).toThrow('Pending');
  });

  it('lists the mutants no test killed with the code each changed, across lines too', () => {
    expect(undetectedMutants(report)).toEqual([
      { file: 'lib/a.js', line: 2, status: 'Survived', mutator: 'StringLiteral', code: "'y'", replacement: '""' },
      { file: 'lib/a.js', line: 3, status: 'NoCoverage', mutator: 'BlockStatement', code: '{\n  run();\n}', replacement: '{}' },
    ]);
    expect(codeAt(['abc', 'def'], at(1, 2, 2, 3))).toBe('bc\nde');
  });
});

describe('the list of survivors', () => {
  const survivors = undetectedMutants(report);
  const listed = (reason) => `# Survivors\n\n| ${HEADER.join(' | ')} |\n|---|---|---|---|---|\n${survivors.map((one) => formatRow(one, reason)).join('\n')}\n`;

  it('reads back every row it writes, code with pipes and backticks included', () => {
    const tricky = { file: 'lib/b.js', mutator: 'StringLiteral', code: "a || `b` | '``'", replacement: '``' };
    const [row] = parseSurvivors(`| ${HEADER.join(' | ')} |\n|---|---|---|---|---|\n${formatRow(tricky, 'equivalent | both')}\n`);
    expect(row).toMatchObject({ ...tricky, reason: 'equivalent | both' });
  });

  it('matches each survivor to its row by file, mutator, code and replacement, wherever the line moved', () => {
    expect(checkSurvivors(survivors, parseSurvivors(listed('equivalent: no caller can tell')))).toEqual({ unlisted: [], unexplained: [], stale: [] });
    const moved = survivors.map((one) => ({ ...one, line: one.line + 10 }));
    expect(checkSurvivors(moved, parseSurvivors(listed('equivalent'))).unlisted).toEqual([]);
  });

  it('reports a survivor missing from the list, and a row left for a mutant that is killed now', () => {
    const rows = parseSurvivors(listed('equivalent'));
    const { unlisted, stale } = checkSurvivors([...survivors, { ...survivors[0], code: "'z'" }], rows.slice(1));
    expect(unlisted.map((one) => one.code)).toEqual(["'y'", "'z'"]);
    expect(stale).toEqual([]);
    expect(checkSurvivors(survivors.slice(1), rows).stale.map((row) => row.code)).toEqual(["'y'"]);
  });

  it('needs a row per occurrence when the same mutant survives twice in a file', () => {
    const twice = [survivors[0], { ...survivors[0], line: 9 }];
    expect(checkSurvivors(twice, parseSurvivors(listed('equivalent'))).unlisted).toHaveLength(1);
  });

  it('refuses a row without a reason, or with the TODO the runner prints', () => {
    expect(checkSurvivors(survivors, parseSurvivors(listed(''))).unexplained).toHaveLength(2);
    expect(
      checkSurvivors(survivors, parseSurvivors(`| ${HEADER.join(' | ')} |\n|---|---|---|---|---|\n${survivors.map((one) => formatRow(one)).join('\n')}`))
        .unexplained,
    ).toHaveLength(2);
  });

  it('shows long code on one line, cut at 80 characters', () => {
    expect(shortCode('{\n  a();\n  b();\n}')).toBe('{ a(); b(); }');
    expect(shortCode('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
  });

  it('says which row is malformed', () => {
    expect(() => parseSurvivors(`| ${HEADER.join(' | ')} |\n|---|---|---|---|---|\n| lib/a.js | StringLiteral | x |\n`)).toThrow('line 3');
  });
});

describe('the inputs incremental mode cannot see', () => {
  let repo;
  const hash = () => inputsHash(repo, join(repo, 'pkg'), ['pkg', 'shared'], ['lib/a.js', 'test/a.test.js']);
  const write = (file, text) => writeFileSync(join(repo, file), text);
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'mutation-inputs-'));
    execFileSync('mkdir', ['-p', join(repo, 'pkg/lib'), join(repo, 'pkg/test'), join(repo, 'shared')]);
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const [file, text] of Object.entries({
      'pkg/lib/a.js': 'a',
      'pkg/test/a.test.js': 't',
      'pkg/test/fixture.js': 'f',
      'pkg/stryker-survivors.md': '#',
      'pkg/stryker-incremental.json': '{}',
      'pkg/stryker-incremental.json.gz': 'gz',
      'pkg/mutation-record.json': '{}',
      'shared/helper.js': 'h',
      'elsewhere.js': 'e',
    }))
      write(file, text);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('does not change with the files Stryker diffs itself, the lists, the incremental file, the record, or files outside', () => {
    const before = hash();
    for (const file of [
      'pkg/lib/a.js',
      'pkg/test/a.test.js',
      'pkg/stryker-survivors.md',
      'pkg/stryker-incremental.json',
      'pkg/stryker-incremental.json.gz',
      'pkg/mutation-record.json',
      'elsewhere.js',
    ])
      write(file, 'changed');
    expect(hash()).toBe(before);
  });

  it('does not change with a test file Stryker does not run (its own are diffed by Stryker)', () => {
    const before = hash();
    write('pkg/test/left-out.test.js', 'runs the built bin');
    expect(hash()).toBe(before);
  });

  it('changes with a fixture, a shared helper, or a new file in the package', () => {
    let before = hash();
    write('pkg/test/fixture.js', 'f2');
    expect(hash()).not.toBe(before);
    before = hash();
    write('shared/helper.js', 'h2');
    expect(hash()).not.toBe(before);
    before = hash();
    write('pkg/vitest.mutation.config.mjs', 'include');
    expect(hash()).not.toBe(before);
  });

  it('takes the diffed files from an incremental file: its mutated files and its test files', () => {
    expect(diffedFiles({ files: { 'lib/a.js': {} }, testFiles: { 'test/a.test.js': {} } })).toEqual(['lib/a.js', 'test/a.test.js']);
  });
});

describe('BENCHMARKS.md, from the records', () => {
  const record = (run, lastFullRun) => ({
    score: 91.256,
    breakAt: 85,
    counts: { Killed: 90, Timeout: 1, Survived: 7, NoCoverage: 2, CompileError: 3, RuntimeError: 0, Ignored: 1 },
    mutants: 104,
    listedSurvivors: 9,
    stryker: '10.1.1',
    run,
    lastFullRun,
  });
  const run = (full, date, durationMs) => ({
    full,
    date,
    commit: 'abc1234',
    uncommittedFiles: 0,
    durationMs,
    mutantsTested: full ? 104 : 12,
    cores: 2,
    node: 'v24.21.0',
    loadAverageAtStart: [1.5, 2, 3],
    loadAverageAtEnd: [1, 1, 1],
  });
  const full = run(true, '2026-11-25T01:00:00.000Z', 605_000);

  it('renders each package with its score, threshold, verdict, date and commit, its last full run and its last run', () => {
    const mutation = { packages: { contract: record(run(false, '2026-11-26T01:00:00.000Z', 42_000), full) } };
    const page = renderReport('{{mutation}}', { machine: { date: '' }, items: {}, mutation });
    expect(page).toContain('| contract | **91.26 %** | 85 % | passes | 90 | 1 | 9 (9 listed) | 1 | 3 | 104 | 2026-11-26 | abc1234 |');
    expect(page).toContain(
      '| contract | 10 min 5 s on 2026-11-25, 2 cores, load 1.5 2 3 at start (commit abc1234) | 42.0 s, 12 of 104 mutants tested on 2026-11-26',
    );
    const failing = renderReport('{{mutation}}', {
      machine: { date: '' },
      items: {},
      mutation: { packages: { contract: { ...mutation.packages.contract, score: 80 } } },
    });
    expect(failing).toContain('| **fails** |');
  });

  it('says when the last run was the full one, and when a package has had no full run', () => {
    const page = renderReport('{{mutation}}', {
      machine: { date: '' },
      items: {},
      mutation: { packages: { contract: record(full, full), client: record(run(false, '2026-11-26T01:00:00.000Z', 42_000), null) } },
    });
    expect(page).toContain('2 cores, load 1.5 2 3 at start (commit abc1234) | the full run |');
    expect(page).toContain('| client | not run yet | 42.0 s, 12 of 104 mutants tested');
  });

  it('says when no package has been measured, a package interrupted before its first result included', () => {
    expect(renderReport('{{mutation}}', { machine: { date: '' }, items: {} })).toContain('run `pnpm test:mutation`');
    const interrupted = { packages: { client: { inputsHash: 'h1' } } };
    expect(renderReport('{{mutation}}', { machine: { date: '' }, items: {}, mutation: interrupted })).toContain('run `pnpm test:mutation`');
  });

  it('is a section of the template', () => {
    expect(readFileSync(new URL('../../../BENCHMARKS.md', import.meta.url), 'utf8')).toContain('<!-- bench:mutation -->');
    expect(table(['a'], [['1']])).toBe('| a |\n| --- |\n| 1 |');
  });
});
