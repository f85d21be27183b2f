// A third validator, the one many teams lint with: Spectral's default OpenAPI ruleset (`spectral:oas`),
// run by the pinned @stoplight/spectral-cli on the bundled description with every rule at its default
// severity. Nothing is turned off, so the description must give 0 errors and 0 warnings.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadBundle, type OpenApi } from '../support/load-bundle';
import { distFile, specDir } from '../support/paths';

const run = promisify(execFile);
const cli = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/dist/index.js');
const ruleset = resolve(specDir, '.spectral.yaml');
const scratch = mkdtempSync(join(tmpdir(), 'spectral-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Problem {
  code: string;
  severity: number;
  path: string[];
}

/** Spectral's findings for a file, as `code severity path`. It exits non-zero on any finding. */
async function lint(file: string): Promise<string[]> {
  const args = [cli, 'lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet', '--fail-severity', 'hint'];
  const { stdout } = await run(process.execPath, args).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
  return (JSON.parse(stdout) as Problem[]).map(({ code, severity, path }) => `${code} ${severity} ${path.join('.')}`);
}

function lintCopy(change: (spec: OpenApi) => void): Promise<string[]> {
  const spec = loadBundle();
  change(spec);
  const file = join(scratch, `openapi-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return lint(file);
}

// Each run starts Spectral in a child process: seconds, and more on a busy machine.
describe('Spectral 6.16.3 with the default spectral:oas ruleset', { timeout: 120_000 }, () => {
  it('the ruleset file only extends spectral:oas: no rule is turned off or changed', () => {
    expect(parse(readFileSync(ruleset, 'utf8'))).toEqual({ extends: ['spectral:oas'] });
  });

  // The dereferenced copies inline every component, so the unused-component rule fires there by design.
  it.each(['openapi.json', 'openapi.yaml'])('finds no error and no warning in dist/%s', async (file) => {
    expect(await lint(distFile(file))).toEqual([]);
  });

  it('would warn that Contact is unused without the x-specified-records index (a control)', async () => {
    expect(await lintCopy((spec) => delete spec['x-specified-records'])).toEqual(['oas3-unused-component 1 components.schemas.Contact']);
  });

  it('reports what its rules cover (a control: an operation without an operationId)', async () => {
    expect(await lintCopy((spec) => delete spec.paths['/ping'].get.operationId)).toEqual(['operation-operationId 1 paths./ping.get']);
  });
});
