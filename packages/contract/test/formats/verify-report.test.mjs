// The verifier's printed report (formatReport, formatViolation) and its JUnit XML (formatJunit), in
// this process and in full: the banner, one line per scenario, one per violation, the values cut to
// their preview, the totals, and every attribute and element of the XML.
import { describe, expect, it } from 'vitest';
import { formatJunit } from '../../lib/junit-report.js';
import { formatReport, formatViolation } from '../../lib/report-format.js';

const passing = { name: 'ping', method: 'GET', url: 'http://127.0.0.1:4010/ping', status: 200, durationMs: 12, violations: [], unlistedViolations: 0 };
const failing = {
  name: 'payments page',
  method: 'GET',
  url: 'HTTPS://api.example.test:8443/v2/payments?limit=5&offset=0',
  status: 200,
  durationMs: 1500,
  violations: [
    { kind: 'header', location: 'Content-Type', message: 'is text/html' },
    { kind: 'body', location: '/results/0/id', message: 'must be string', schemaPath: '#/properties/id/type', value: 7 },
  ],
  unlistedViolations: 0,
};
const silent = {
  name: 'silent',
  method: 'POST',
  url: 'http://127.0.0.1:4010/v2/payments',
  status: undefined,
  durationMs: 30000,
  violations: [{ kind: 'transport', location: '', message: 'no response within 30 s (--timeout)' }],
  unlistedViolations: 0,
};
const many = {
  name: 'many',
  method: 'GET',
  url: 'http://127.0.0.1:4010/v2/items',
  status: 200,
  durationMs: 0,
  violations: [{ kind: 'body', location: '/0', message: 'must be object' }],
  unlistedViolations: 150,
};

describe('formatViolation', () => {
  it('kind, location, message; then the schema keyword and the value when there are', () => {
    expect(formatViolation({ kind: 'status', location: '', message: 'expected 200, got 500' })).toBe('status: expected 200, got 500');
    expect(formatViolation(failing.violations[0])).toBe('header Content-Type: is text/html');
    expect(formatViolation(failing.violations[1])).toBe('body /results/0/id: must be string; schema #/properties/id/type; value 7');
  });

  it('a value of null, false or zero is shown; an undefined one is not', () => {
    expect(formatViolation({ kind: 'body', location: '/a', message: 'm', value: null })).toBe('body /a: m; value null');
    expect(formatViolation({ kind: 'body', location: '/a', message: 'm', value: false })).toBe('body /a: m; value false');
    expect(formatViolation({ kind: 'body', location: '/a', message: 'm', value: 0 })).toBe('body /a: m; value 0');
    expect(formatViolation({ kind: 'body', location: '/a', message: 'm', value: undefined })).toBe('body /a: m');
  });

  it('a value is shown as JSON, cut after 160 characters', () => {
    const exactly = 'x'.repeat(158); // 160 characters with its quotes
    expect(formatViolation({ kind: 'body', location: '', message: 'm', value: exactly })).toBe(`body: m; value "${exactly}"`);
    const longer = 'x'.repeat(159);
    expect(formatViolation({ kind: 'body', location: '', message: 'm', value: longer })).toBe(`body: m; value "${'x'.repeat(159)}…`);
  });
});

describe('formatReport', () => {
  it('a passing run', () => {
    const run = { startedAt: '2026-11-27T10:00:00.000Z', results: [passing], violationCount: 0, failedScenarios: 0 };
    expect(
      formatReport({ baseUrl: 'http://127.0.0.1:4010', specVersion: '1.2.0', specTitle: 'Merchant API', specSource: '@merchant-ordering/spec', run }),
    ).toBe(
      [
        'Contract check of http://127.0.0.1:4010 against Merchant API 1.2.0 (@merchant-ordering/spec): 1 scenarios',
        '',
        'ok   GET /ping -> 200  (ping)',
        '',
        'PASS: 1 scenarios, no violations',
      ].join('\n'),
    );
  });

  it('a failing run: each violation under its scenario, no answer, the unlisted count, the totals', () => {
    const run = { startedAt: '2026-11-27T10:00:00.000Z', results: [passing, failing, silent, many], violationCount: 154, failedScenarios: 3 };
    expect(formatReport({ baseUrl: 'http://127.0.0.1:4010', specVersion: '1.2.0', run })).toBe(
      [
        'Contract check of http://127.0.0.1:4010 against the description 1.2.0: 4 scenarios',
        '',
        'ok   GET /ping -> 200  (ping)',
        'FAIL GET /v2/payments?limit=5&offset=0 -> 200  (payments page)',
        '       header Content-Type: is text/html',
        '       body /results/0/id: must be string; schema #/properties/id/type; value 7',
        'FAIL POST /v2/payments -> no response  (silent)',
        '       transport: no response within 30 s (--timeout)',
        'FAIL GET /v2/items -> 200  (many)',
        '       body /0: must be object',
        '       … and 150 more violation(s), not listed',
        '',
        'FAIL: 154 violation(s) in 3 of 4 scenarios',
      ].join('\n'),
    );
  });

  it('a URL that is not absolute is printed as it is', () => {
    const run = { results: [{ ...passing, url: '/relative/http://x' }], violationCount: 0, failedScenarios: 0 };
    expect(formatReport({ baseUrl: 'b', specVersion: '1', run }).split('\n')[2]).toBe('ok   GET /relative/http://x -> 200  (ping)');
  });
});

describe('formatJunit', () => {
  it('the whole file: suite, properties, a passing case and failing ones', () => {
    const run = { startedAt: '2026-11-27T10:00:00.123Z', results: [passing, failing, silent, many], violationCount: 154, failedScenarios: 3 };
    const xml = formatJunit({ baseUrl: 'http://127.0.0.1:4010', specTitle: 'Merchant API', specVersion: '1.2.0', specSource: 'openapi.json', run });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="merchant-ordering-contract verify" tests="4" failures="3" errors="0" time="31.512">',
        '  <testsuite name="Contract check of http://127.0.0.1:4010 against Merchant API 1.2.0 (openapi.json)" tests="4" failures="3" errors="0" skipped="0" time="31.512" timestamp="2026-11-27T10:00:00" hostname="127.0.0.1:4010">',
        '    <properties>',
        '      <property name="baseUrl" value="http://127.0.0.1:4010"/>',
        '      <property name="description" value="Merchant API 1.2.0 (openapi.json)"/>',
        '    </properties>',
        '    <testcase name="ping" classname="GET /ping" time="0.012"/>',
        '    <testcase name="payments page" classname="GET /v2/payments" time="1.500">',
        '      <failure message="header Content-Type: is text/html (and 1 more)" type="header">GET HTTPS://api.example.test:8443/v2/payments?limit=5&amp;offset=0 -&gt; 200',
        'header Content-Type: is text/html',
        'body /results/0/id: must be string; schema #/properties/id/type; value 7</failure>',
        '    </testcase>',
        '    <testcase name="silent" classname="POST /v2/payments" time="30.000">',
        '      <failure message="transport: no response within 30 s (--timeout)" type="transport">POST http://127.0.0.1:4010/v2/payments -&gt; no response',
        'transport: no response within 30 s (--timeout)</failure>',
        '    </testcase>',
        '    <testcase name="many" classname="GET /v2/items" time="0.000">',
        '      <failure message="body /0: must be object (and 150 more)" type="body">GET http://127.0.0.1:4010/v2/items -&gt; 200',
        'body /0: must be object',
        '… and 150 more violation(s), not listed</failure>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('the classname is the method and the path without its query; a URL that is not absolute keeps its path', () => {
    const run = { startedAt: '2026-11-27T10:00:00.000Z', results: [{ ...passing, url: '/relative/http://x/y?q=1' }], violationCount: 0, failedScenarios: 0 };
    const xml = formatJunit({ baseUrl: 'http://localhost:1', specVersion: '2.0.0', run });
    expect(xml).toContain('<testcase name="ping" classname="GET /relative/http://x/y" time="0.012"/>');
  });

  it('without a title or a source, "the description" and its version', () => {
    const run = { startedAt: '2026-11-27T10:00:00.000Z', results: [], violationCount: 0, failedScenarios: 0 };
    const xml = formatJunit({ baseUrl: 'http://localhost:1', specVersion: '2.0.0', run });
    expect(xml).toContain(
      '<testsuite name="Contract check of http://localhost:1 against the description 2.0.0" tests="0" failures="0" errors="0" skipped="0" time="0.000"',
    );
    expect(xml).toContain('<property name="description" value="the description 2.0.0"/>');
  });
});
