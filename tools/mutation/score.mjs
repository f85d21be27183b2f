// A package's figures from Stryker's JSON report (mutation-testing-report-schema): mutants by status,
// and the mutation score as Stryker computes it, (killed + timed out) / (those + survived + no
// coverage); compile and runtime errors and ignored mutants do not count.

const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'CompileError', 'RuntimeError', 'Ignored'];

/** @returns {{ counts: Record<string, number>, mutants: number, score: number | null }} */
export function scoreReport(report) {
  const counts = Object.fromEntries(STATUSES.map((status) => [status, 0]));
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (!(mutant.status in counts)) throw new Error(`unknown mutant status ${mutant.status} in ${JSON.stringify(mutant.location)}`);
      counts[mutant.status]++;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return {
    counts,
    mutants: Object.values(counts).reduce((sum, count) => sum + count, 0),
    score: valid === 0 ? null : (100 * detected) / valid,
  };
}

/** Every mutant no test killed (survived, or run by no test), with its file and the code it changed. */
export function undetectedMutants(report) {
  const found = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const mutant of mutants) {
      if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
      found.push({
        file,
        line: mutant.location.start.line,
        status: mutant.status,
        mutator: mutant.mutatorName,
        code: codeAt(lines, mutant.location),
        replacement: mutant.replacement ?? '',
      });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The source text a location spans (lines and columns are 1-based; the end column is exclusive). */
export function codeAt(lines, { start, end }) {
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}
