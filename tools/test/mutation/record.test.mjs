// The mutation record's hash (tools/mutation/record.mjs) and `pnpm check:mutation`: the hash follows a
// package's mutated files and its mutation tests, and nothing else; the check fails in one line naming
// the refresh command when they changed since the recorded run, and passes once the record is fresh.
// On a scratch git repository with a package of its own, so nothing here depends on today's records.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES } from '../../mutation/packages.mjs';
import { hashedFiles, recordProblem, sourcesHash } from '../../mutation/record.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const pkg = {
  name: 'kit',
  dir: 'packages/kit',
  mutate: ['lib/**/*.js', '!lib/cli.js'],
  tests: { include: ['test/unit/*.test.mjs', '../../tools/test/kit/corpus.test.mjs'], exclude: ['test/unit/slow.test.mjs'] },
  unhashed: ['lib/version.js'],
};

describe('the record hash', () => {
  let repo;
  const write = (file, text) => {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  };
  const hash = () => sourcesHash(pkg, repo).hash;
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'mutation-record-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    const files = {
      'packages/kit/lib/a.js': 'a',
      'packages/kit/lib/deep/b.js': 'b',
      'packages/kit/lib/cli.js': 'main()',
      'packages/kit/lib/version.js': '1.0.0',
      'packages/kit/lib/types.d.ts': 'types',
      'packages/kit/test/unit/a.test.mjs': 'test a',
      'packages/kit/test/unit/slow.test.mjs': 'spawns the bin',
      'packages/kit/test/helpers/server.mjs': 'helper',
      'packages/kit/test/process/bin.test.mjs': 'process',
      'packages/kit/package.json': '{}',
      'packages/other/lib/x.js': 'x',
      'tools/test/kit/corpus.test.mjs': 'corpus',
      'spec/openapi.yaml': 'spec',
      'pnpm-lock.yaml': 'lock',
      'package.json': '{}',
    };
    for (const [file, text] of Object.entries(files)) write(file, text);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('covers the mutated files and the mutation tests, the one outside the package included', () => {
    expect(hashedFiles(pkg, repo)).toEqual({
      mutated: ['packages/kit/lib/a.js', 'packages/kit/lib/deep/b.js'],
      tests: ['packages/kit/test/unit/a.test.mjs', 'tools/test/kit/corpus.test.mjs'],
    });
  });

  it.each([
    ['a mutated file', 'packages/kit/lib/a.js'],
    ['a mutated file deeper down', 'packages/kit/lib/deep/b.js'],
    ['a mutation test', 'packages/kit/test/unit/a.test.mjs'],
    ['the corpus test outside the package', 'tools/test/kit/corpus.test.mjs'],
  ])('changes with %s', (_, file) => {
    const before = hash();
    write(file, `${readFileSync(join(repo, file), 'utf8')} changed`);
    expect(hash()).not.toBe(before);
  });

  it('changes with a new mutated file or a new mutation test', () => {
    let before = hash();
    write('packages/kit/lib/new.js', 'n');
    expect(hash()).not.toBe(before);
    before = hash();
    write('packages/kit/test/unit/new.test.mjs', 'n');
    expect(hash()).not.toBe(before);
  });

  it.each([
    ['the lockfile', 'pnpm-lock.yaml'],
    ['the root package.json', 'package.json'],
    ['spec/', 'spec/openapi.yaml'],
    ['another package', 'packages/other/lib/x.js'],
    ['the file every release rewrites', 'packages/kit/lib/version.js'],
    ['a file left out of the mutated set', 'packages/kit/lib/cli.js'],
    ['a test left out of the mutation tests', 'packages/kit/test/unit/slow.test.mjs'],
    ['a process test', 'packages/kit/test/process/bin.test.mjs'],
    ['a test helper', 'packages/kit/test/helpers/server.mjs'],
    ["the package's manifest", 'packages/kit/package.json'],
  ])('does not change with %s', (_, file) => {
    const before = hash();
    write(file, 'changed');
    expect(hash()).toBe(before);
  });
});

describe('the check of a record', () => {
  let repo;
  const write = (file, text) => {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  };
  const record = (fields) =>
    write(
      'packages/kit/mutation-record.json',
      JSON.stringify({
        schema: 1,
        package: 'kit',
        score: 90,
        breakAt: 85,
        run: { commit: 'abc1234', date: '2026-11-27T01:00:00.000Z' },
        sources: sourcesHash(pkg, repo),
        ...fields,
      }),
    );
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'mutation-check-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    write('packages/kit/lib/a.js', 'a');
    write('packages/kit/test/unit/a.test.mjs', 'test');
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('fails without a record, naming the command that makes one', () => {
    expect(recordProblem(pkg, repo)).toBe('packages/kit has no mutation record: run `pnpm test:mutation kit`');
  });

  it('fails on the record of a first run that was interrupted (results kept, no figures yet), naming the command that goes on from them', () => {
    write('packages/kit/mutation-record.json', JSON.stringify({ schema: 1, package: 'kit', inputsHash: 'h1' }));
    expect(recordProblem(pkg, repo)).toBe('packages/kit has no complete mutation run yet: run `pnpm test:mutation kit`');
  });

  it('passes on a fresh record, fails once a mutated file changed, and passes again once refreshed', () => {
    record();
    expect(recordProblem(pkg, repo)).toBeUndefined();
    write('packages/kit/lib/a.js', 'a changed');
    expect(recordProblem(pkg, repo)).toBe(
      'packages/kit: its mutated code or mutation tests changed since the run recorded at abc1234 on 2026-11-27: refresh with `pnpm test:mutation kit`',
    );
    record();
    expect(recordProblem(pkg, repo)).toBeUndefined();
  });

  it('fails on a recorded score under the threshold', () => {
    record({ score: 63.738 });
    expect(recordProblem(pkg, repo)).toBe(
      'packages/kit: recorded mutation score 63.74 % is under its threshold 85 %: kill survivors, then `pnpm test:mutation kit`',
    );
  });
});

describe('pnpm check:mutation', () => {
  const check = (...args) => spawnSync(process.execPath, [join(repoRoot, 'tools/mutation/check.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' });

  it('fails on a bad flag or an unknown package in one line', () => {
    const unknown = check('nope');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('unknown package nope');
  });

  it('each package of the runner has its stryker.config.mjs and vitest.mutation.config.mjs, reading its set-up from packages.mjs', () => {
    for (const { name, dir } of PACKAGES) {
      expect(readFileSync(join(repoRoot, dir, 'stryker.config.mjs'), 'utf8')).toContain(`mutationPackage('${name}')`);
      expect(readFileSync(join(repoRoot, dir, 'vitest.mutation.config.mjs'), 'utf8')).toContain(`mutationTests('${name}')`);
    }
  });
});
