// The run as JUnit XML (`verify --junit <file>`), the format CI systems show test results from (GitLab,
// Jenkins, GitHub's test reporters, Azure): one testsuite for the run, one testcase per scenario, and a
// failure per failing scenario whose message is its first violation and whose text lists them all.
// Every value is redacted before it is escaped (a short secret such as `amp` would otherwise turn
// `&amp;` into `&[REDACTED];`); characters XML 1.0 cannot hold (control characters, lone surrogates,
// U+FFFE/U+FFFF) are written as \uXXXX escapes, so the file always parses.
import { formatViolation } from './report-format.js';

/**
 * @param {{ baseUrl: string, specTitle?: string, specVersion: string, specSource?: string, run: import('./types.js').ScenarioRun, redact?: (text: string) => string }} options
 */
export function formatJunit({ baseUrl, specTitle = 'the description', specVersion, specSource, run, redact = (value) => value }) {
  const attribute = (/** @type {unknown} */ value) => escapeAttribute(redact(String(value)));
  const text = (/** @type {unknown} */ value) => escapeText(redact(String(value)));
  const seconds = (/** @type {number} */ ms) => (ms / 1000).toFixed(3);
  const time = seconds(run.results.reduce((sum, result) => sum + result.durationMs, 0));
  const counts = `tests="${run.results.length}" failures="${run.failedScenarios}" errors="0"`;
  const description = `${specTitle} ${specVersion}${specSource ? ` (${specSource})` : ''}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="merchant-ordering-contract verify" ${counts} time="${time}">`,
    `  <testsuite name="${attribute(`Contract check of ${baseUrl} against ${description}`)}" ${counts} skipped="0" time="${time}" timestamp="${run.startedAt.slice(0, 19)}" hostname="${attribute(new URL(baseUrl).host)}">`,
    '    <properties>',
    `      <property name="baseUrl" value="${attribute(baseUrl)}"/>`,
    `      <property name="description" value="${attribute(description)}"/>`,
    '    </properties>',
  ];
  for (const result of run.results) {
    const path = result.url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\?.*$/, '');
    const open = `    <testcase name="${attribute(result.name)}" classname="${attribute(`${result.method} ${path}`)}" time="${seconds(result.durationMs)}"`;
    if (result.violations.length === 0) {
      lines.push(`${open}/>`);
      continue;
    }
    const violations = result.violations.map(formatViolation);
    if (result.unlistedViolations > 0) violations.push(`… and ${result.unlistedViolations} more violation(s), not listed`);
    const total = result.violations.length + result.unlistedViolations;
    const message = total > 1 ? `${violations[0]} (and ${total - 1} more)` : violations[0];
    const status = `${result.method} ${result.url} -> ${result.status ?? 'no response'}`;
    lines.push(
      `${open}>`,
      `      <failure message="${attribute(message)}" type="${attribute(result.violations[0].kind)}">${text([status, ...violations].join('\n'))}</failure>`,
      '    </testcase>',
    );
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** @param {string} value */
function xmlChars(value) {
  return String(value).replace(NOT_XML, (char) => `\\u${/** @type {number} */ (char.codePointAt(0)).toString(16).padStart(4, '0')}`);
}

/** @param {string} value */
function escapeText(value) {
  return xmlChars(value).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

// In an attribute a newline or tab would be normalised to a space on reading: keep them as references.
/** @param {string} value */
function escapeAttribute(value) {
  return escapeText(value).replaceAll('"', '&quot;').replaceAll('\n', '&#10;').replaceAll('\r', '&#13;').replaceAll('\t', '&#9;');
}
