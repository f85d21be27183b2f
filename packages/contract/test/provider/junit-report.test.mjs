// `verify --junit <file>`: the report as JUnit XML, read back with an XML parser, as a CI system would.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJunit } from '../../lib/junit-report.js';
import { providerScenariosPath } from '../../lib/spec-package.js';
import { REPORTED, startNonconformingServer } from '../fixtures/nonconforming-server.mjs';
import { runContract } from '../helpers/contract-cli.mjs';
import { spec } from '../helpers/spec.mjs';

const { scenarios } = JSON.parse(readFileSync(providerScenariosPath, 'utf8'));
// What XML 1.0 allows (section 2.2); a CI system's parser refuses a file with anything else.
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

/** Parses JUnit XML strictly: throws on a file that is not well formed. */
function readJunit(xml) {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  expect(xml).toMatch(XML_CHARS);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    htmlEntities: true,
  });
  return parser.parse(xml);
}

let work;
let server;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'junit-'));
  server = await startNonconformingServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('verify --junit', () => {
  it('writes one test case per scenario, a failure for each failing one with its violations, and still prints the report', async () => {
    const file = join(work, 'nested-name.xml');
    const { code, stdout, stderr } = await runContract(['verify', '--base-url', server.url, '--junit', file]);
    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    const summary = /^FAIL: (\d+) violation\(s\) in (\d+) of (\d+) scenarios$/m.exec(stdout);

    const { testsuites } = readJunit(readFileSync(file, 'utf8'));
    expect(testsuites).toMatchObject({ name: 'merchant-ordering-contract verify', tests: String(scenarios.length), failures: summary[2], errors: '0' });
    const [suite] = testsuites.testsuite;
    expect(suite.name).toBe(`Contract check of ${server.url} against ${spec.info.title} ${spec.info.version} (@merchant-ordering/spec)`);
    expect(suite.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(suite.properties.property).toEqual([
      { name: 'baseUrl', value: server.url },
      { name: 'description', value: `${spec.info.title} ${spec.info.version} (@merchant-ordering/spec)` },
    ]);
    expect(suite.testcase.map((testcase) => testcase.name)).toEqual(scenarios.map((scenario) => scenario.name));
    expect(suite.testcase.map((testcase) => testcase.classname)).toEqual(scenarios.map(({ request }) => `${request.method} ${request.path}`));
    for (const testcase of suite.testcase) expect(Number(testcase.time)).toBeGreaterThanOrEqual(0);

    const failures = suite.testcase.filter((testcase) => testcase.failure);
    expect(failures).toHaveLength(Number(summary[2]));
    const failureText = failures.map((testcase) => testcase.failure['#text']).join('\n');
    for (const line of Object.values(REPORTED)) expect(failureText).toContain(line);
    const ping = suite.testcase.find((testcase) => testcase.classname === 'GET /ping');
    expect(ping.failure).toEqual({
      message: REPORTED.wrongContentType,
      type: 'header',
      '#text': `GET ${server.url}/ping -> 200\n${REPORTED.wrongContentType}`,
    });
  });

  it('is not written when the run cannot start, and a --junit folder that does not exist is one line, exit 2', async () => {
    const file = join(work, 'missing', 'report.xml');
    expect(await runContract(['verify', '--base-url', server.url, '--junit', file])).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering-contract: --junit: ${dirname(file)} is not a folder\n`,
    });
  });
});

describe('formatJunit', () => {
  const hostile = 'a <b> & "c" \'d\' ]]> \u0000\u0001\u001b\u007f \ud800 \uffff \ud83d\ude00 tab\there\r\nnext';
  const run = {
    startedAt: '2024-03-11T20:11:42.487Z',
    violationCount: 3,
    failedScenarios: 1,
    results: [
      {
        name: hostile,
        method: 'GET',
        url: 'http://127.0.0.1:1/v2/payments?limit=1',
        status: 200,
        durationMs: 12,
        unlistedViolations: 1,
        violations: [
          { kind: 'body', location: '/results/0/id', message: hostile, schemaPath: '#/components/schemas/Payment/properties/id/type', value: hostile },
          { kind: 'header', location: 'Content-Type', message: 'is missing' },
        ],
      },
      { name: 'fine', method: 'GET', url: 'http://127.0.0.1:1/ping', status: 200, durationMs: 3, unlistedViolations: 0, violations: [] },
    ],
  };

  it('escapes markup, keeps newlines and tabs in attributes, and writes characters XML cannot hold as \\u escapes', () => {
    const xml = formatJunit({ baseUrl: 'http://127.0.0.1:1', specVersion: '1.0.0', run });
    const [first, second] = readJunit(xml).testsuites.testsuite[0].testcase;
    const readable = 'a <b> & "c" \'d\' ]]> \\u0000\\u0001\\u001b\u007f \\ud800 \\uffff \ud83d\ude00 tab\there\r\nnext';
    expect(first.name).toBe(readable);
    expect(first.classname).toBe('GET /v2/payments');
    expect(first.time).toBe('0.012');
    expect(first.failure.type).toBe('body');
    expect(first.failure.message.startsWith(`body /results/0/id: ${readable}; schema #/components/schemas/Payment/properties/id/type; value "`)).toBe(true);
    expect(first.failure.message.endsWith(' (and 2 more)')).toBe(true);
    expect(first.failure['#text'].split('\n').slice(-2)).toEqual(['header Content-Type: is missing', '… and 1 more violation(s), not listed']);
    expect(second).toEqual({ name: 'fine', classname: 'GET /ping', time: '0.003' });
  });
});
