// The failing gates every published package passes: publint --strict and attw --pack, run from the
// package's own folder with its own pinned copies of both tools (its devDependencies).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = (/** @type {string} */ packageDir, /** @type {string} */ name) => join(packageDir, 'node_modules/.bin', name);

/**
 * publint's report; "All good!" when clean. npm pack: `pnpm pack` cannot resolve workspace:* on the version-less tools package.
 * @param {string} packageDir
 * @returns {Promise<string>}
 */
export async function publintReport(packageDir) {
  const { stdout } = await run(bin(packageDir, 'publint'), ['--strict', '--pack', 'npm'], { cwd: packageDir });
  return stdout;
}

/**
 * attw --pack's problems, as { kind, entrypoint, resolutionKind }. The rules in `ignoreRules` do not
 * fail the run (execFile rejects on attw's non-zero exit for any other problem) but are still listed.
 * @param {string} packageDir
 * @param {{ ignoreRules?: string[] }} [options]
 * @returns {Promise<Array<{ kind: string, entrypoint?: string, resolutionKind?: string }>>}
 */
export async function attwProblems(packageDir, { ignoreRules = [] } = {}) {
  const args = ['--pack', '.', '--format', 'json', ...(ignoreRules.length ? ['--ignore-rules', ...ignoreRules] : [])];
  const { stdout } = await run(bin(packageDir, 'attw'), args, { cwd: packageDir });
  return JSON.parse(stdout.slice(stdout.indexOf('{'))).analysis.problems;
}

/**
 * The gates as vitest tests for an ESM-only package, which Node >= 20.19 loads from CommonJS with
 * require(esm): its package.json shape (the entries given, each with types first), then publint and attw.
 * @param {string} packageDir
 * @param {{ entries?: string[] }} [options] the package's entries besides ./package.json; default just "."
 */
export function describeEsmOnlyGates(packageDir, { entries = ['.'] } = {}) {
  describe('package.json', () => {
    it('is ESM with types first in exports, ./package.json exported, no side effects, Node >= 20.19', () => {
      const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
      expect(packageJson.type).toBe('module');
      expect(Object.keys(packageJson.exports)).toEqual([...entries, './package.json']);
      for (const entry of entries) expect(Object.keys(packageJson.exports[entry])[0], entry).toBe('types');
      expect(packageJson.sideEffects).toBe(false);
      expect(packageJson.engines).toEqual({ node: '>=20.19' });
    });
  });

  // Both pack the package first: slow on a busy machine.
  describe('gates', { timeout: 120_000 }, () => {
    it('publint --strict is clean', async () => {
      expect(await publintReport(packageDir)).toContain('All good!');
    });

    it('attw --pack is clean but for CommonJS resolving to ESM (Node >= 20.19 loads it with require(esm))', async () => {
      const problems = await attwProblems(packageDir, { ignoreRules: ['cjs-resolves-to-esm'] });
      expect(problems.filter((problem) => problem.kind !== 'CJSResolvesToESM')).toEqual([]);
    });
  });
}
