// Turns a scenario run into the text `pnpm contract:verify` prints: one line per scenario, then one
// line per violation with where it is, the schema keyword location and the offending value.
const MAX_VALUE = 160;

/**
 * The banner names the description's own version (info.version), with its title and where it was read
 * (`specSource`: "@merchant-ordering/spec" or a file), so a report says what it checked against.
 */
/** @param {import('./types.js').ReportOptions} options */
export function formatReport({ baseUrl, specVersion, specTitle = 'the description', specSource, run }) {
  const source = specSource ? ` (${specSource})` : '';
  const lines = [`Contract check of ${baseUrl} against ${specTitle} ${specVersion}${source}: ${run.results.length} scenarios`, ''];
  for (const result of run.results) {
    const status = result.status ?? 'no response';
    const path = result.url.replace(/^[a-z]+:\/\/[^/]+/i, '');
    lines.push(`${result.violations.length === 0 ? 'ok  ' : 'FAIL'} ${result.method} ${path} -> ${status}  (${result.name})`);
    for (const violation of result.violations) lines.push(`       ${formatViolation(violation)}`);
    if (result.unlistedViolations > 0) lines.push(`       … and ${result.unlistedViolations} more violation(s), not listed`);
  }
  lines.push('');
  lines.push(
    run.violationCount === 0
      ? `PASS: ${run.results.length} scenarios, no violations`
      : `FAIL: ${run.violationCount} violation(s) in ${run.failedScenarios} of ${run.results.length} scenarios`,
  );
  return lines.join('\n');
}

/** @param {import('./types.js').Violation} violation */
export function formatViolation(violation) {
  const parts = [`${violation.kind}${violation.location ? ` ${violation.location}` : ''}: ${violation.message}`];
  if (violation.schemaPath) parts.push(`schema ${violation.schemaPath}`);
  if ('value' in violation && violation.value !== undefined) parts.push(`value ${formatValue(violation.value)}`);
  return parts.join('; ');
}

/** @param {unknown} value */
function formatValue(value) {
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}
