// Turns one runtime's run into a table row. Counts are against the scenarios the matrix expects, so
// a runtime that crashes, skips or renames scenarios cannot look green: every expected scenario not
// reported as passed is a failure, and so is a wrong runtime version, a non-zero exit or an extra name.

/**
 * @param {{ name: string, pinned?: string }} runtime
 * @param {string[]} expected scenario names
 * @param {{ code: number | null, seconds: number, report?: { version: string, results: Array<{ name: string, passed: boolean, error?: string }> }, output: string }} run
 */
export function scoreRun(runtime, expected, { code, seconds, report, output }) {
  const results = report?.results ?? [];
  const passedNames = new Set(results.filter((result) => result.passed).map((result) => result.name));
  const passed = expected.filter((name) => passedNames.has(name)).length;
  const problems = [];

  for (const result of results.filter((candidate) => !candidate.passed)) problems.push(`${result.name}\n${indent(result.error ?? '')}`);
  const missing = expected.filter((name) => !results.some((result) => result.name === name));
  if (missing.length) problems.push(`${missing.length} scenario(s) not reported, e.g. "${missing[0]}"`);

  // Failures beyond the expected scenarios: each counts once.
  const extra = [];
  for (const result of results.filter((candidate) => !expected.includes(candidate.name))) extra.push(`"${result.name}" is not a scenario of this run`);
  if (runtime.pinned && report && report.version !== runtime.pinned) extra.push(`reports version ${report.version}, but ${runtime.pinned} is pinned`);
  if (code !== 0 && passed === expected.length) extra.push(`exited with code ${code}`);
  if (code !== 0 || !report) problems.push(`exited with code ${code}${report ? '' : ' without a report'}${output ? `:\n${indent(output.slice(-3000))}` : ''}`);
  problems.push(...extra);

  return {
    runtime: runtime.name,
    version: report?.version ?? '?',
    passed,
    failed: expected.length - passed + extra.length,
    seconds,
    problems,
  };
}

function indent(text) {
  return String(text)
    .split('\n')
    .slice(0, 12)
    .map((line) => `    ${line}`)
    .join('\n');
}
