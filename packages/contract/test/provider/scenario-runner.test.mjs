// The scenario runner (lib/scenario-runner.js), in this process, against a local server that records
// what it is sent: the request each scenario makes (URL, query, headers, credentials), the status and
// body verdicts, a server that stops answering, the deadline, and the run's totals.
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../../lib/schema-validator.js';
import { runScenarios } from '../../lib/scenario-runner.js';
import { verify } from '../../lib/verify.js';
import { FIXTURE_DESCRIPTION } from '../fixtures/fixture-description.mjs';

const LOCAL = { merchantId: '32', secretKey: 'abcdefgh' };
const doc = FIXTURE_DESCRIPTION;
const THING_HEADERS = { 'Content-Type': 'application/vnd.things+json', 'X-Rate-Limit-Remaining': '9' };

/** What the server was sent, in order. */
let requests = [];
/** How the server answers a path (without its query): (request, response) => void. */
let routes = new Map();
let server;
let baseUrl;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push({ method: request.method, url: request.url, headers: request.headers });
    const route = routes.get(request.url.split('?')[0]);
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${server.address().port}`;
});
afterAll(() => {
  server?.closeAllConnections();
  server?.close();
});
beforeEach(() => {
  requests = [];
  routes = new Map([
    ['/anything', (_, response) => response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')],
    ['/things', (_, response) => response.writeHead(200, THING_HEADERS).end('[{"id":"t-1"}]')],
  ]);
});

const anything = (name = 'anything', extra = {}) => ({ name, request: { method: 'GET', path: '/anything', auth: 'none', ...extra }, expect: { status: 200 } });
const things = (name = 'things', request = {}, expected = { status: 200 }) => ({
  name,
  request: { method: 'GET', path: '/things', query: [['kind', 'a']], headers: { 'X-Request-Id': 'request-1' }, auth: 'credentials', ...request },
  expect: expected,
});
// The validator is made in each test, not when the file loads: Stryker runs a mutant only with the tests that reach it.
const run = (scenarios, options = {}) =>
  runScenarios({ baseUrl, credentials: LOCAL, scenarios, doc, validator: createSchemaValidator(doc), userAgent: 'scenario-test/1.0', ...options });
const violationsOf = (result) => result.violations.map(({ kind, location, message }) => ({ kind, location, message }));

describe('the request of a scenario', () => {
  it('joins the base URL (trailing slashes dropped), the path and the query, each value percent-encoded', async () => {
    const scenario = things('query', {
      query: [
        ['kind', 'a'],
        ['note', 'a+b c/é&'],
        ['kind', 'b'],
      ],
    });
    const { results } = await run([scenario], { baseUrl: `${baseUrl}//` });
    expect(requests.map((request) => request.url)).toEqual(['/things?kind=a&note=a%2Bb%20c%2F%C3%A9%26&kind=b']);
    expect(results[0].url).toBe(`${baseUrl}/things?kind=a&note=a%2Bb%20c%2F%C3%A9%26&kind=b`);
    expect(results[0]).toMatchObject({ name: 'query', method: 'GET', status: 200 });
  });

  it('without a query, no question mark', async () => {
    const { results } = await run([anything()]);
    expect(requests.map((request) => request.url)).toEqual(['/anything']);
    expect(results[0].url).toBe(`${baseUrl}/anything`);
  });

  it('sends the user agent, the scenario headers, and the credentials as Basic auth', async () => {
    await run([things()]);
    expect(requests[0].headers).toMatchObject({
      'user-agent': 'scenario-test/1.0',
      'x-request-id': 'request-1',
      authorization: `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`,
    });
  });

  it('credentials are encoded as UTF-8', async () => {
    const credentials = { merchantId: 'märchant', secretKey: 'sécret-key' };
    await run([things()], { credentials });
    expect(requests[0].headers.authorization).toBe(`Basic ${Buffer.from('märchant:sécret-key', 'utf8').toString('base64')}`);
  });

  it('auth "none" sends no Authorization; a header of its own is sent as it is; a scenario header may replace the user agent', async () => {
    await run([anything(), things('own', { auth: { header: 'Basic b3RoZXI6b25l' }, headers: { 'X-Request-Id': 'request-1', 'User-Agent': 'mine/2' } })]);
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].headers['user-agent']).toBe('scenario-test/1.0');
    expect(requests[1].headers.authorization).toBe('Basic b3RoZXI6b25l');
    expect(requests[1].headers['user-agent']).toBe('mine/2');
  });

  it('an unknown auth is an error naming it', async () => {
    await expect(run([things('bad', { auth: { header: 5 } })])).rejects.toThrow('Unknown auth in scenario: {"header":5}');
    await expect(run([things('bad', { auth: 'basic' })])).rejects.toThrow('Unknown auth in scenario: "basic"');
    await expect(run([things('bad', { auth: null })])).rejects.toThrow('Unknown auth in scenario: null');
    expect(requests).toEqual([]);
  });
});

describe('the verdict of a scenario', () => {
  it('a conforming exchange: no violation, its status and a duration within the run', async () => {
    const before = performance.now();
    const result = await run([things()]);
    const elapsed = performance.now() - before;
    expect(result).toMatchObject({ violationCount: 0, failedScenarios: 0 });
    expect(result.results[0]).toMatchObject({ name: 'things', status: 200, violations: [], unlistedViolations: 0 });
    expect(result.results[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(result.results[0].durationMs).toBeLessThanOrEqual(Math.ceil(elapsed));
    expect(Date.parse(result.startedAt)).not.toBeNaN();
  });

  it('a scenario for an operation the description lacks: one violation, nothing sent', async () => {
    const result = await run([{ name: 'nowhere', request: { method: 'GET', path: '/nowhere', auth: 'none' }, expect: { status: 200 } }]);
    expect(requests).toEqual([]);
    expect(result.results[0]).toMatchObject({ status: undefined, url: `${baseUrl}/nowhere` });
    expect(violationsOf(result.results[0])).toEqual([{ kind: 'scenario', location: '', message: 'GET /nowhere is not an operation of the description' }]);
    expect(result).toMatchObject({ violationCount: 1, failedScenarios: 1 });
  });

  it('a documented status other than the one expected', async () => {
    routes.set('/things', (_, response) => response.writeHead(204).end());
    const result = await run([things('expects 200')]);
    expect(violationsOf(result.results[0])).toEqual([{ kind: 'status', location: '', message: 'expected 200, got 204' }]);
  });

  it('any of several expected statuses', async () => {
    routes.set('/things', (_, response) => response.writeHead(204).end());
    const result = await run([things('200 or 204', {}, { status: [200, 204] })]);
    expect(violationsOf(result.results[0])).toEqual([]);
    const refused = await run([things('401 or 403', {}, { status: [401, 403] })]);
    expect(violationsOf(refused.results[0])).toEqual([{ kind: 'status', location: '', message: 'expected 401 or 403, got 204' }]);
  });

  it('an unexpected status that is also undocumented: one line saying both', async () => {
    routes.set('/anything', (_, response) => response.writeHead(202, { 'Content-Type': 'text/plain' }).end());
    const result = await run([anything()]);
    expect(violationsOf(result.results[0])).toEqual([
      { kind: 'status', location: '', message: 'expected 200, got 202; 202 is not documented for GET /anything (documented: 200)' },
    ]);
  });

  it('the status line comes first, before the response violations', async () => {
    routes.set('/things', (_, response) => response.writeHead(400, { 'Content-Type': 'application/problem+json' }).end('{}'));
    const result = await run([things()]);
    expect(violationsOf(result.results[0]).map((violation) => `${violation.kind} ${violation.location}`)).toEqual(['status ', 'body (root)']);
    expect(violationsOf(result.results[0])[0].message).toBe('expected 200, got 400');
  });

  it('a body over the cap: a body violation, after the checks of status and headers', async () => {
    routes.set('/things', (_, response) =>
      response.writeHead(200, { 'Content-Type': 'application/vnd.things+json' }).end(`[${'{"id":"t"},'.repeat(20)}{"id":"t"}]`),
    );
    const result = await run([things()], { maxResponseBytes: 100 });
    expect(violationsOf(result.results[0])).toEqual([
      { kind: 'header', location: 'X-Rate-Limit-Remaining', message: 'is required but missing' },
      { kind: 'body', location: '', message: 'larger than 100 bytes (--max-response-bytes); reading stopped' },
    ]);
  });
});

describe('a negative scenario (requestViolates)', () => {
  it('its intended violation, at the location or below it, is not reported', async () => {
    const bad = things('kind zz', { query: [['kind', 'zz']] }, { status: 200, requestViolates: ['query/kind'] });
    expect(violationsOf((await run([bad])).results[0])).toEqual([]);
    const below = things('short id', { headers: { 'X-Request-Id': 'short' } }, { status: 200, requestViolates: ['header'] });
    expect(violationsOf((await run([below])).results[0])).toEqual([]);
  });

  it('several intended violations, each at its own location', async () => {
    const both = things(
      'both',
      { query: [['kind', 'zz']], headers: { 'X-Request-Id': 'short' } },
      { status: 200, requestViolates: ['query/kind', 'header/X-Request-Id'] },
    );
    expect(violationsOf((await run([both])).results[0])).toEqual([]);
  });

  it('a violation elsewhere is reported; so is an intended one that does not happen', async () => {
    const elsewhere = things('kind zz', { query: [['kind', 'zz']] }, { status: 200, requestViolates: ['query/kin'] });
    expect(violationsOf((await run([elsewhere])).results[0]).map((violation) => `${violation.kind} ${violation.location}`)).toEqual([
      'request query/kind',
      'scenario query/kin',
    ]);
    const conforming = things('conforms', {}, { status: 200, requestViolates: ['query/kind'] });
    expect(violationsOf((await run([conforming])).results[0])).toEqual([
      { kind: 'scenario', location: 'query/kind', message: 'the scenario means to break the contract here, but the request conforms' },
    ]);
  });
});

describe('a server that does not answer', () => {
  it('no answer to the first request stops the run, naming the URL', async () => {
    routes.set('/anything', (request) => request.socket.destroy());
    await expect(run([anything(), things()])).rejects.toThrow(`${baseUrl}/anything: no response: other side closed`);
    expect(requests.map((request) => request.url)).toEqual(['/anything']);
  });

  it('after an answer, no answer is a transport violation of its scenario and the run goes on', async () => {
    routes.set('/anything', (request) => request.socket.destroy());
    const result = await run([things('first'), anything('hangs up'), things('third')]);
    expect(result.results.map((entry) => [entry.name, entry.status])).toEqual([
      ['first', 200],
      ['hangs up', undefined],
      ['third', 200],
    ]);
    expect(violationsOf(result.results[1])).toEqual([{ kind: 'transport', location: '', message: 'no response: other side closed' }]);
    expect(result).toMatchObject({ violationCount: 1, failedScenarios: 1 });
  });

  it('a scenario the description lacks does not count as an answer', async () => {
    routes.set('/anything', (request) => request.socket.destroy());
    const nowhere = { name: 'nowhere', request: { method: 'GET', path: '/nowhere', auth: 'none' }, expect: { status: 200 } };
    await expect(run([nowhere, anything()])).rejects.toThrow(`${baseUrl}/anything: no response: other side closed`);
  });

  it('the deadline: no headers in time', async () => {
    routes.set('/anything', () => {});
    await expect(run([anything()], { timeoutSeconds: 0.2 })).rejects.toThrow(`${baseUrl}/anything: no response within 0.2 s (--timeout)`);
    // A deadline the answered scenario meets even on a loaded machine.
    const result = await run([things('first'), anything('silent')], { timeoutSeconds: 3 });
    expect(violationsOf(result.results[1])).toEqual([{ kind: 'transport', location: '', message: 'no response within 3 s (--timeout)' }]);
  });

  it('the deadline: a body that stalls', async () => {
    routes.set('/anything', (_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '100' });
      response.write('12345');
    });
    // The deadline covers the headers too: long enough for them to come on a loaded machine.
    const result = await run([anything()], { timeoutSeconds: 3 });
    expect(result.results[0].status).toBe(200);
    expect(violationsOf(result.results[0])).toEqual([{ kind: 'body', location: '', message: 'incomplete after 3 s (--timeout); 5 bytes read' }]);
  });
});

describe('hanging up', () => {
  it('a body over the cap ends the exchange: the server sees the connection close', async () => {
    let closed;
    const serverSawClose = new Promise((resolve) => {
      closed = resolve;
    });
    routes.set('/anything', (_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.on('close', closed);
      const chunk = Buffer.alloc(16 * 1024, '0');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
      };
      response.on('drain', more);
      more();
    });
    const result = await run([anything()], { maxResponseBytes: 100 });
    expect(violationsOf(result.results[0])).toEqual([{ kind: 'body', location: '', message: 'larger than 100 bytes (--max-response-bytes); reading stopped' }]);
    await serverSawClose;
  });
});

describe('the totals', () => {
  it('counts every violation, listed or not, and the scenarios with one', async () => {
    routes.set('/things', (request, response) => {
      if (request.url.includes('kind=b')) response.writeHead(200, THING_HEADERS).end(JSON.stringify(Array.from({ length: 150 }, () => ({}))));
      else response.writeHead(200, THING_HEADERS).end('[{"id":"t-1"}]');
    });
    routes.set('/anything', (_, response) => response.writeHead(202).end());
    const result = await run([things('fine'), things('150 items without id', { query: [['kind', 'b']] }), anything('202')]);
    expect(result.results.map((entry) => [entry.name, entry.violations.length, entry.unlistedViolations])).toEqual([
      ['fine', 0, 0],
      ['150 items without id', 100, 50],
      ['202', 1, 0],
    ]);
    expect(result).toMatchObject({ violationCount: 151, failedScenarios: 2 });
  });

  it('redacts the credentials from the names and URLs it reports', async () => {
    const scenario = things('sends abcdefgh', {
      query: [
        ['kind', 'a'],
        ['echo', 'abcdefgh'],
      ],
    });
    const result = await run([scenario]);
    expect(result.results[0].name).toBe('sends [REDACTED]');
    expect(result.results[0].url).toBe(`${baseUrl}/things?kind=a&echo=[REDACTED]`);
  });
});

describe('verify(): the run with its description and scenarios read from files', () => {
  it('names the description file in the report, and sends its version and the merchant in the user agent', async () => {
    const work = mkdtempSync(join(tmpdir(), 'scenario-runner-'));
    try {
      const specPath = join(work, 'openapi.json');
      const scenariosPath = join(work, 'scenarios.json');
      writeFileSync(specPath, JSON.stringify(doc));
      writeFileSync(scenariosPath, JSON.stringify({ scenarios: [anything('é anything')] }));
      const credentials = { merchantId: 'märchant 1', secretKey: 'abcdefgh' };
      const { run, report } = await verify({ baseUrl, specPath, scenariosPath, credentials });
      expect(run.results.map((result) => result.name)).toEqual(['é anything']);
      expect(report.split('\n')[0]).toBe(`Contract check of ${baseUrl} against Fixture API 0.0.1 (${specPath}): 1 scenarios`);
      expect(requests[0].headers['user-agent']).toBe(`merchant-ordering-contract-verify/0.0.1 (Node.js/${process.version}; Merchant/m%C3%A4rchant%201)`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('names @merchant-ordering/spec when it reads the bundled description', async () => {
    const { report } = await verify({ baseUrl, credentials: LOCAL });
    expect(report.split('\n')[0]).toMatch(new RegExp(`^Contract check of ${baseUrl} against .+ \\(@merchant-ordering/spec\\): \\d+ scenarios$`));
  });
});
