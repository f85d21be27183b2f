// The committed incremental results (tools/mutation/incremental-file.mjs): packed without what the next
// run does not read, the same results giving the same bytes, and unpacked to what Stryker wrote.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inflateIncremental, keepIncremental } from '../../mutation/incremental-file.mjs';

const mutant = {
  id: '1',
  mutatorName: 'StringLiteral',
  replacement: '""',
  status: 'Killed',
  statusReason: 'expected "a" to be "b"',
  killedBy: ['t1'],
  coveredBy: ['t1', 't2'],
  location: { start: { line: 1, column: 1 }, end: { line: 1, column: 4 } },
};
const written = {
  schemaVersion: '2',
  config: { mutate: ['lib/**'] },
  projectRoot: '/home/someone/repo',
  files: { 'lib/a.js': { language: 'javascript', source: "'a'", mutants: [mutant] } },
  testFiles: { 'test/a.test.js': { source: 't', tests: [{ id: 't1', name: 'a' }] } },
};

describe('the committed incremental file', () => {
  let dir;
  let file;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mutation-incremental-'));
    file = join(dir, 'stryker-incremental.json');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is packed without the config, this machine's path or the status reasons, and the plain file is removed", () => {
    writeFileSync(file, JSON.stringify(written));
    const kept = keepIncremental(file);
    expect(existsSync(file)).toBe(false);
    const { statusReason, ...rest } = mutant;
    expect(kept).toEqual({
      schemaVersion: '2',
      files: { 'lib/a.js': { language: 'javascript', source: "'a'", mutants: [rest] } },
      testFiles: written.testFiles,
    });
    expect(readFileSync(`${file}.gz`).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('unpacks to what was kept, where Stryker reads it', () => {
    const kept = inflateIncremental(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(kept);
    expect(kept.files['lib/a.js'].mutants[0]).not.toHaveProperty('statusReason');
  });

  it('gives the same bytes for the same results, so an unchanged run changes nothing in git', () => {
    const first = readFileSync(`${file}.gz`);
    writeFileSync(file, JSON.stringify(written));
    keepIncremental(file);
    expect(readFileSync(`${file}.gz`).equals(first)).toBe(true);
  });

  it('is none when nothing was committed', () => {
    expect(inflateIncremental(join(dir, 'none.json'))).toBeNull();
  });
});
