// Turns one target's run into a row of the matrix. A target reports each check on its own line,
//   RESULT <check> pass|fail <detail>
// and the matrix trusts nothing else: a check not reported, reported twice with different outcomes, or
// a run that timed out or exited non-zero is a failure. A check the target's meta.json lists as
// impossible shows n/a whatever the run said, unless it passed: then the listing is stale, and that
// is a failure too (the compatibility table would be wrong).
// The `evolve-` checks are the same as those without the prefix, run by the same build against the
// evolving sandbox (`evolve: true`).
export const CHECKS = ['generate', 'compile', 'filters', 'paging', 'auth401', 'vectors', 'evolve-filters', 'evolve-paging', 'evolve-auth401'];
// A target whose meta.json names a `samples` language also compiles and runs the docs' samples in it
// (docs-samples.mjs): one more check, `samples`.
export const SAMPLES_CHECK = 'samples';
export const SAMPLE_LANGUAGES = ['Python', 'Go', 'Java', 'Kotlin', 'Rust'];

/** The checks a target must report. */
export function checksOf(meta) {
  return meta?.samples ? [...CHECKS, SAMPLES_CHECK] : CHECKS;
}

const LINE = /^RESULT (\S+) (pass|fail)(?: (.*))?$/;
// A tool's colour codes must not hide a RESULT line printed after its output.
const ANSI = /\x1b\[[0-9;]*m/g;

/** @returns {Map<string, { passed: boolean, detail: string }>} plus a list of problems found while reading */
export function parseResults(output, checks = CHECKS) {
  const results = new Map();
  const problems = [];
  for (const line of output.replace(ANSI, '').split('\n')) {
    const match = LINE.exec(line.trimEnd());
    if (!match) continue;
    const [, check, outcome, detail = ''] = match;
    if (!checks.includes(check)) {
      problems.push(`reported "${check}", which is not a check of the matrix (${checks.join(', ')})`);
      continue;
    }
    const previous = results.get(check);
    const passed = outcome === 'pass' && (previous?.passed ?? true);
    results.set(check, { passed, detail: previous ? `${previous.detail}; ${detail}` : detail });
  }
  return { results, problems };
}

/**
 * @param {{ id: string, meta: { generator: string, version: string, impossible?: Record<string, string> } }} target
 * @param {{ code: number | null, seconds: number, output: string, timedOut?: boolean }} run
 * @returns {{ id: string, generator: string, version: string, seconds: number,
 *             cells: Record<string, '✓' | '✗' | 'n/a'>, notes: string[], failed: number, passed: number }}
 */
export function scoreTarget(target, run) {
  const checks = checksOf(target.meta);
  const { results, problems } = parseResults(run.output, checks);
  const impossible = target.meta.impossible ?? {};
  const cells = {};
  const notes = [...problems];
  let failed = problems.length;
  for (const check of checks) {
    const result = results.get(check);
    if (check in impossible) {
      if (result?.passed) {
        cells[check] = '✗';
        failed += 1;
        notes.push(`${check}: listed as impossible ("${impossible[check]}") but passed; remove it from meta.json`);
      } else {
        cells[check] = 'n/a';
        notes.push(`${check}: n/a, ${impossible[check]}`);
      }
    } else if (result?.passed) {
      cells[check] = '✓';
      if (result.detail) notes.push(`${check}: ${result.detail}`);
    } else {
      cells[check] = '✗';
      failed += 1;
      notes.push(`${check}: ${result ? `FAIL ${result.detail}` : 'FAIL not reported'}`);
    }
  }
  if (run.timedOut) notes.push(`stopped after ${Math.round(run.seconds)} s`);
  if (run.code !== 0 && failed === 0) {
    failed += 1;
    notes.push(`run.sh exited with code ${run.code} although every check passed`);
  }
  const passed = Object.values(cells).filter((cell) => cell === '✓').length;
  const samples = target.meta.samples ? { language: target.meta.samples, detail: results.get(SAMPLES_CHECK)?.detail ?? 'not reported' } : undefined;
  return { id: target.id, generator: target.meta.generator, version: target.meta.version, seconds: run.seconds, cells, notes, failed, passed, samples };
}
