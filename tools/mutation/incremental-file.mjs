// A package's incremental results (Stryker's stryker-incremental.json) are committed gzipped and lean
// (stryker-incremental.json.gz); the runner unpacks them before a run and packs them after.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Writes `file`.gz (committed) from `file`, the incremental file Stryker wrote, with only what the
 * next run diffs against: no absolute paths of this machine, no copy of the config, and no status
 * reasons (a killing test's failure message, a compile error), which Stryker does not need to reuse a
 * result. Returns what it kept; the plain file (ignored by git) is removed.
 */
export function keepIncremental(file) {
  const { config, projectRoot, ...kept } = JSON.parse(readFileSync(file, 'utf8'));
  for (const mutated of Object.values(kept.files ?? {})) for (const mutant of mutated.mutants) delete mutant.statusReason;
  // Level 9 and no timestamp (Node writes none): the same results give the same bytes.
  writeFileSync(`${file}.gz`, gzipSync(`${JSON.stringify(kept)}\n`, { level: 9 }));
  rmSync(file);
  return kept;
}

/** Unpacks `file`.gz (committed) into `file`, where Stryker reads it; returns its content, or null when there is none. */
export function inflateIncremental(file) {
  const packed = `${file}.gz`;
  if (!existsSync(packed)) return null;
  const text = gunzipSync(readFileSync(packed)).toString('utf8');
  writeFileSync(file, text);
  return JSON.parse(text);
}
