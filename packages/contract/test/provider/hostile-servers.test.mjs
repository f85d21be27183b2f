// The verifier against servers that attack it: endless, huge and compressed bodies, stalls, broken
// framing, parse-time bombs. Each runs the CLI as a CI job would, in a heap of 128 MB, against a server
// that answers one scenario with the hostile answer and every other one as the Prism mock does. The
// run must name what went wrong in that scenario, keep the scenarios around it, end with the summary
// line, and stay small: the test reads the run's peak RSS.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { providerScenariosPath } from '../../lib/spec-package.js';
import { HOSTILE_ANSWERS, startHostileServer } from '../fixtures/hostile-server.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cli = join(packageDir, 'lib/cli.js');
const peakRss = join(packageDir, 'test/fixtures/report-peak-rss.mjs');
const prismUrl = inject('prismUrl');
const BASIC = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
// Far below what an unbounded read takes (2 GB and more), far above a bounded run (about 150 MB).
const PEAK_RSS_LIMIT_MB = 300;

// Four of the shared scenarios: one before each hostile answer, the two it may target, one after.
const NAMES = [
  'ping answers without credentials',
  'configuration with valid credentials',
  'payments with no query',
  'payments without credentials are refused',
];
const scenarios = JSON.parse(readFileSync(providerScenariosPath, 'utf8')).scenarios.filter((scenario) => NAMES.includes(scenario.name));

let work;
let scenariosFile;
let server;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'hostile-'));
  scenariosFile = join(work, 'scenarios.json');
  writeFileSync(scenariosFile, JSON.stringify({ scenarios }));
});
afterEach(() => server?.close());
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The request of a scenario, as the hostile server sees it. */
function requestOf(name) {
  const { request } = scenarios.find((scenario) => scenario.name === name);
  return ({ target, headers }) => target === request.path && (headers.authorization === BASIC) === (request.auth === 'credentials');
}

/** Runs the verifier CLI with a 128 MB heap: { code, stdout, stderr, peakRssMb }. */
async function verifyUnderSmallHeap(baseUrl, ...args) {
  const child = spawn(process.execPath, ['--max-old-space-size=128', '--import', peakRss, cli, 'verify', '--base-url', baseUrl, ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, MERCHANT_ID: '', SECRET_KEY: '' },
  });
  const output = { stdout: '', stderr: '', rss: '' };
  child.stdout.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output.stderr += chunk;
  });
  child.stdio[3].on('data', (chunk) => {
    output.rss += chunk;
  });
  const [code] = await new Promise((done) => child.once('close', (...result) => done(result)));
  return { code, stdout: output.stdout, stderr: output.stderr, peakRssMb: Number(output.rss) / 1024 };
}

/** The report's lines for one scenario: its status line and its violation lines. */
function blockOf(stdout, name) {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.endsWith(`(${name})`));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('       '));
  return lines.slice(start, end).map((line) => line.trim());
}

describe('verify against a hostile server, in a 128 MB heap', () => {
  it.each(Object.entries(HOSTILE_ANSWERS))('%s: a violation of its scenario that says so, and the run goes on', async (_, hostile) => {
    const target = hostile.scenario ?? 'configuration with valid credentials';
    server = await startHostileServer({ upstream: prismUrl, answer: hostile.answer, isTarget: requestOf(target) });
    const deadline = hostile.timeout ? ['--timeout', String(hostile.timeout)] : [];
    const { code, stdout, stderr, peakRssMb } = await verifyUnderSmallHeap(server.url, ...deadline, '--scenarios', scenariosFile);

    expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
    const [statusLine, ...violations] = blockOf(stdout, target);
    expect(statusLine).toMatch(/^FAIL GET /);
    expect(
      violations.filter((line) => hostile.reported.test(line)),
      stdout,
    ).toHaveLength(1);
    const index = NAMES.indexOf(target);
    expect(blockOf(stdout, NAMES[0])[0]).toMatch(/^ok {3}GET \/ping -> 200/);
    for (const after of NAMES.slice(index + 1)) {
      const [line, ...rest] = blockOf(stdout, after);
      if (hostile.after) expect(rest.join('\n')).toMatch(hostile.after);
      else expect(line).toMatch(/^ok /);
    }
    const failed = hostile.after ? NAMES.length - index : 1;
    expect(stdout.trim().split('\n').at(-1)).toMatch(new RegExp(`^FAIL: \\d+ violation\\(s\\) in ${failed} of ${NAMES.length} scenarios$`));
    expect(peakRssMb).toBeLessThan(PEAK_RSS_LIMIT_MB);
  });
});
