// The checker that keeps mutants which do not compile out of the run (tools/mutation/file-checker.mjs):
// each mutant is placed by Stryker's zero-based line and column, checked in its own file, and the file
// is back to its own text for the next one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strykerPlugins } from '../../mutation/file-checker.mjs';

const SOURCE = `export type Level = 'debug' | 'info';

export function label(level: Level): string {
  return level === 'debug' ? 'DEBUG' : 'INFO';
}

export function shout(text: string): string {
  const loud = text.toUpperCase();
  return loud;
}
`;
const at = (line, column) => ({ line, column });
// Line 3 (zero-based) is the return; "level === 'debug'" starts at column 9 and ends at column 26.
const mutant = (id, replacement, start = at(3, 9), end = at(3, 26)) => ({ id, fileName: 'src/label.ts', replacement, location: { start, end } });

describe('the file checker', () => {
  let dir;
  let checker;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'file-checker-'));
    writeFileSync(
      join(dir, 'tsconfig.build.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, noUnusedLocals: true }, include: ['src'] }),
    );
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/label.ts'), SOURCE);
    const [{ kind, name, injectableClass: FileChecker }] = strykerPlugins;
    expect({ kind, name }).toEqual({ kind: 'Checker', name: 'file-typescript' });
    checker = new FileChecker(dir);
    await checker.init();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes a mutant that compiles and refuses one that does not, with the compiler message', async () => {
    const results = await checker.check([mutant('1', 'true'), mutant('2', "level === 'trace'"), mutant('3', 'false')]);
    expect(results['1']).toEqual({ status: 'passed' });
    expect(results['3']).toEqual({ status: 'passed' });
    expect(results['2'].status).toBe('compileError');
    expect(results['2'].reason).toMatch(/'"trace"'/);
  });

  it('places the mutant by zero-based line and column', async () => {
    // The whole return expression: a number where a string is returned.
    const results = await checker.check([mutant('1', '42', at(3, 9), at(3, 45))]);
    expect(results['1'].status).toBe('compileError');
    expect(results['1'].reason).toMatch(/number.*string/);
  });

  it('checks each mutant on the file as written, not on the mutant before it', async () => {
    const results = await checker.check([mutant('1', '42', at(3, 9), at(3, 45)), mutant('2', 'true')]);
    expect(results['1'].status).toBe('compileError');
    expect(results['2']).toEqual({ status: 'passed' });
  });

  it('does not count code a mutant leaves unused as an error', async () => {
    // `return text`: `loud` is then unused, which noUnusedLocals refuses in the build.
    const results = await checker.check([mutant('1', 'text', at(8, 9), at(8, 13))]);
    expect(results['1']).toEqual({ status: 'passed' });
  });

  it('passes mutants of files outside the project', async () => {
    const results = await checker.check([{ ...mutant('1', '42'), fileName: 'elsewhere.ts' }]);
    expect(results['1']).toEqual({ status: 'passed' });
  });
});
