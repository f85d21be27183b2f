// Provider contract: `merchant-ordering-contract verify` (and the root `pnpm contract:verify`) passes
// against the Prism mock and fails against the deliberately non-conforming server, naming each planted
// violation and nothing else.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { providerScenariosPath } from '../../lib/spec-package.js';
import { credentialsFor } from '../../lib/credentials.js';
import { verify } from '../../lib/verify.js';
import { runScenarios } from '../../lib/scenario-runner.js';
import { REPORTED, startNonconformingServer } from '../fixtures/nonconforming-server.mjs';
import { HOSTILE_ANSWERS, startHostileServer } from '../fixtures/hostile-server.mjs';
import { FIXTURE_DESCRIPTION } from '../fixtures/fixture-description.mjs';
import { runContract } from '../helpers/contract-cli.mjs';
// The workspace's shared test helpers (relative: a package dependency on the tools would be circular).
import { freePort } from '@merchant-ordering/test-kit/prism';
import { spec, validator } from '../helpers/spec.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(packageDir, '../..');
const prismUrl = inject('prismUrl');
const { scenarios } = JSON.parse(readFileSync(providerScenariosPath, 'utf8'));
const LOCAL = { merchantId: '32', secretKey: 'abcdefgh' };

const runCli = (baseUrl, ...args) => runContract(['verify', '--base-url', baseUrl, ...args]);

let nonconforming;
beforeAll(async () => {
  nonconforming = await startNonconformingServer();
});
afterAll(() => nonconforming?.close());

describe('pnpm contract:verify', () => {
  it("is the root script that runs the package's verifier", () => {
    const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    expect(scripts['contract:verify']).toBe('node packages/contract/lib/cli.js verify');
  });

  it('passes against the Prism mock and exits 0, its banner naming the description and its info.version', async () => {
    const { code, stdout, stderr } = await runCli(prismUrl);
    expect(stdout.split('\n')[0]).toBe(
      `Contract check of ${prismUrl} against ${spec.info.title} ${spec.info.version} (@merchant-ordering/spec): ${scenarios.length} scenarios`,
    );
    expect(stdout).toContain(`PASS: ${scenarios.length} scenarios, no violations`);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it('fails against the non-conforming server, naming each planted violation, and exits 1', async () => {
    const { code, stdout } = await runCli(nonconforming.url);
    // Kept for the closing note of the issue.
    mkdirSync(join(packageDir, 'test-output'), { recursive: true });
    writeFileSync(join(packageDir, 'test-output/verify-nonconforming.txt'), stdout);

    expect(code).toBe(1);
    for (const line of Object.values(REPORTED)) expect(stdout).toContain(line);
  });

  it('reports nothing against the non-conforming server beyond the planted violations', async () => {
    const { run } = await verify({ baseUrl: nonconforming.url, credentials: LOCAL });
    const distinct = new Set(
      run.results.flatMap((result) => result.violations.map((violation) => `${violation.kind} ${violation.location} ${violation.schemaPath ?? ''}`.trim())),
    );
    expect([...distinct].sort()).toEqual([
      'body (root) #/components/schemas/MerchantConfiguration/required',
      'body /results/0/id #/components/schemas/Payment/properties/id/type',
      'header Content-Type',
      'status',
    ]);
  });

  it('cannot run against a server that gives the first request no answer: exit 2, one line naming the URL and the error', async () => {
    const port = await freePort();
    const { code, stdout, stderr } = await runCli(`http://127.0.0.1:${port}`);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering-contract: could not run: http://127.0.0.1:${port}/ping: no response: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    });
  });

  it('cannot run against a server that accepts the connection and never answers the first request', async () => {
    const silent = await startHostileServer({ upstream: prismUrl, answer: HOSTILE_ANSWERS['an answer that never comes'].answer, isTarget: () => true });
    try {
      const { code, stdout, stderr } = await runCli(silent.url, '--timeout', '1');
      expect({ code, stdout, stderr }).toEqual({
        code: 2,
        stdout: '',
        stderr: `merchant-ordering-contract: could not run: ${silent.url}/ping: no response within 1 s (--timeout)\n`,
      });
    } finally {
      await silent.close();
    }
  });

  it('reports a negative scenario whose request does not break the contract', async () => {
    const conforming = { ...scenarios.find((scenario) => scenario.name === 'payments with limit 251 are refused') };
    conforming.request = { ...conforming.request, query: [['limit', '250']] };
    const run = await runScenarios({ baseUrl: prismUrl, credentials: LOCAL, scenarios: [conforming], doc: spec, validator, userAgent: 'test/1.0' });
    expect(run.results[0].violations.map((violation) => `${violation.kind} ${violation.location}`.trim())).toEqual(['scenario query/limit', 'status']);
  });
});

describe('verify --spec and --scenarios: any description', () => {
  it("reports a fixture operation's missing required response header and a scenario for an operation the description lacks, and names the description in its banner", async () => {
    const work = mkdtempSync(join(tmpdir(), 'fixture-description-'));
    const specPath = join(work, 'openapi.json');
    const scenariosPath = join(work, 'scenarios.json');
    writeFileSync(specPath, JSON.stringify(FIXTURE_DESCRIPTION));
    writeFileSync(
      scenariosPath,
      JSON.stringify({
        scenarios: [
          {
            name: 'things of kind a',
            request: { method: 'GET', path: '/things', query: [['kind', 'a']], headers: { 'X-Request-Id': 'request-1' }, auth: 'credentials' },
            expect: { status: 200 },
          },
          {
            name: 'an operation the description lacks',
            request: { method: 'GET', path: '/nope', auth: 'none' },
            expect: { status: 200 },
          },
        ],
      }),
    );
    const server = createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/vnd.things+json', 'X-Trace': 't-1' });
      response.end('[{"id":"1"}]');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${server.address().port}`;
    try {
      const { code, stdout } = await runCli(url, '--spec', specPath, '--scenarios', scenariosPath);
      expect({ code, lines: stdout.trim().split('\n') }).toEqual({
        code: 1,
        lines: [
          `Contract check of ${url} against Fixture API 0.0.1 (${specPath}): 2 scenarios`,
          '',
          'FAIL GET /things?kind=a -> 200  (things of kind a)',
          '       header X-Rate-Limit-Remaining: is required but missing',
          'FAIL GET /nope -> no response  (an operation the description lacks)',
          '       scenario: GET /nope is not an operation of the description',
          '',
          'FAIL: 2 violation(s) in 2 of 2 scenarios',
        ],
      });
    } finally {
      server.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('credentials', () => {
  it('come from MERCHANT_ID and SECRET_KEY when both are set', () => {
    expect(credentialsFor('https://global-api-sandbox.afterpay.com', { MERCHANT_ID: '600032000', SECRET_KEY: 's3cr3t' })).toEqual({
      merchantId: '600032000',
      secretKey: 's3cr3t',
    });
  });

  it("default to the document's example only for a local server", () => {
    expect(credentialsFor('http://127.0.0.1:4010', {})).toEqual(LOCAL);
    expect(credentialsFor('http://localhost:4010', {})).toEqual(LOCAL);
    expect(() => credentialsFor('https://global-api-sandbox.afterpay.com', {})).toThrow(/Set MERCHANT_ID and SECRET_KEY/);
  });
});
