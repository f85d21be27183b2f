// The targets of the generator matrix: every folder in targets/ with a meta.json and a run.sh.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_LANGUAGES } from './score.mjs';

const REQUIRED = ['generator', 'version', 'language', 'spec', 'settings'];

/** Checks a target's meta.json; returns what is wrong with it (empty when it is fine). */
export function metaProblems(meta, checks) {
  const problems = REQUIRED.filter((key) => typeof meta?.[key] !== 'string' || meta[key] === '').map((key) => `"${key}" must be a non-empty string`);
  if (meta?.samples !== undefined && !SAMPLE_LANGUAGES.includes(meta.samples))
    problems.push(`"samples" must be one of ${SAMPLE_LANGUAGES.join(', ')}, not ${JSON.stringify(meta.samples)}`);
  if (meta && !['3.1', '3.0'].includes(meta.spec)) problems.push(`"spec" must be "3.1" or "3.0", not ${JSON.stringify(meta.spec)}`);
  for (const [check, reason] of Object.entries(meta?.impossible ?? {})) {
    if (!checks.includes(check)) problems.push(`"impossible" names "${check}", which is not a check (${checks.join(', ')})`);
    if (typeof reason !== 'string' || reason === '') problems.push(`"impossible.${check}" must give the reason`);
  }
  return problems;
}

/** @returns {Array<{ id: string, dir: string, meta: any }>} sorted by id */
export function listTargets(targetsDir) {
  return readdirSync(targetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(targetsDir, entry.name, 'run.sh')))
    .map((entry) => ({ id: entry.name, dir: join(targetsDir, entry.name), meta: JSON.parse(readFileSync(join(targetsDir, entry.name, 'meta.json'), 'utf8')) }))
    .sort((a, b) => a.id.localeCompare(b.id));
}
