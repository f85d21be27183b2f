// Faults on demand: the Sandbox-Fault header applies to its request only; the `faults` option
// injects the same faults at random, reproducibly from the seed.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_BODY, slowPieces } from '../../src/engine/answer.js';
import { MAX_DELAY_MS, parseFault, parseFaultRates, rollFaults } from '../../src/engine/faults.js';
import { seededRandom } from '../../src/engine/random.js';
import { RETRY_AFTER_SECONDS, startSandbox, type Sandbox } from '../../src/index.js';
import { BASIC, sandboxFor, sendRaw, type Call } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let call: Call;
beforeAll(async () => ({ sandbox, call } = await sandboxFor({ payments: 40 })));
afterAll(() => sandbox.close());

const fault = (value: string) => ({ headers: { 'Sandbox-Fault': value } });
const ERROR_BODY = {
  errorCode: expect.any(String),
  errorId: expect.stringMatching(/^[0-9a-f]{16}$/),
  message: expect.any(String),
  httpStatusCode: expect.any(Number),
};

/** A raw GET with node:http, to see what fetch would hide: resets, stalls, the timing of body chunks. */
function rawGet(url: string, headers: Record<string, string>, timeoutMs = 2000, { auth = true } = {}) {
  return new Promise<{ outcome: 'answered' | 'reset' | 'timeout'; status?: number; chunkTimes: number[]; body: string }>((resolve) => {
    const started = Date.now();
    const chunkTimes: number[] = [];
    let body = '';
    const req = request(url, { headers: { ...(auth && { Authorization: BASIC }), Accept: 'application/json', ...headers } }, (res) => {
      res.on('data', (chunk) => {
        chunkTimes.push(Date.now() - started);
        body += chunk;
      });
      res.on('end', () => resolve({ outcome: 'answered', status: res.statusCode!, chunkTimes, body }));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve({ outcome: 'timeout', chunkTimes, body });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.message === 'socket hang up') resolve({ outcome: 'reset', chunkTimes, body });
    });
    req.end();
  });
}

describe('the Sandbox-Fault header', () => {
  it('429 answers Too Many Requests with Retry-After and the Error body, for that request only', async () => {
    const limited = await call('/v2/payments', fault('429'));
    expect([limited.status, limited.headers.get('retry-after'), limited.json]).toEqual([
      429,
      String(RETRY_AFTER_SECONDS),
      {
        ...ERROR_BODY,
        errorCode: 'too_many_requests',
        message: `Too many requests: retry after ${RETRY_AFTER_SECONDS} s. (sandbox fault)`,
        httpStatusCode: 429,
      },
    ]);
    expect((await call('/v2/payments')).status).toBe(200);
  });

  it('503 answers Service Unavailable with the Error body', async () => {
    const { status, json } = await call('/v2/configuration', fault('503'));
    expect([status, json]).toEqual([
      503,
      { ...ERROR_BODY, errorCode: 'service_unavailable', message: 'The service is temporarily unavailable. (sandbox fault)', httpStatusCode: 503 },
    ]);
  });

  it('reset destroys the socket without an answer', async () => {
    expect((await rawGet(`${sandbox.url}/v2/payments`, { 'Sandbox-Fault': 'reset' })).outcome).toBe('reset');
  });

  it('stall accepts the request and never answers', async () => {
    expect((await rawGet(`${sandbox.url}/v2/payments`, { 'Sandbox-Fault': 'stall' }, 1500)).outcome).toBe('timeout');
  });

  it('slow-body sends the headers, then the body in pieces over about a second', async () => {
    const slow = await rawGet(`${sandbox.url}/v2/payments?limit=5`, { 'Sandbox-Fault': 'slow-body' });
    expect(slow.status).toBe(200);
    expect(slow.chunkTimes.length).toBeGreaterThan(5);
    expect(slow.chunkTimes.at(-1)! - slow.chunkTimes[0]!).toBeGreaterThan(500);
    expect(JSON.parse(slow.body).results).toHaveLength(5);
  });

  it('delay=<ms> answers normally after that long', async () => {
    const started = Date.now();
    const { status } = await call('/v2/payments', fault('delay=300'));
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('insert adds a new payment before answering: it is the newest, and the pages shift', async () => {
    const before = (await call('/v2/payments?limit=3')).json;
    const after = (await call('/v2/payments?limit=3', fault('insert'))).json;
    expect(after.totalResults).toBe(before.totalResults + 1);
    expect(after.results[1].id).toBe(before.results[0].id);
    expect(Number(after.results[0].id)).toBeGreaterThan(Number(before.results[0].id));
    expect(after.results[0].created > before.results[0].created).toBe(true);
    expect(sandbox.payments()).toHaveLength(before.totalResults + 1);
  });

  it('faults combine, comma-separated: insert then 429', async () => {
    const total = sandbox.payments().length;
    expect((await call('/v2/payments', fault('insert, 429'))).status).toBe(429);
    expect(sandbox.payments()).toHaveLength(total + 1);
  });

  it('an unknown fault gets 400 naming the header and the accepted values', async () => {
    for (const value of ['500', 'delay=abc', 'delay=999999']) {
      const { status, json } = await call('/v2/payments', fault(value));
      expect([status, json]).toEqual([400, { ...ERROR_BODY, errorCode: 'bad_request', httpStatusCode: 400 }]);
      expect(json.message).toBe(`Sandbox-Fault: unknown fault "${value}"; use 429, 503, reset, stall, slow-body, delay=<ms up to 30000> or insert`);
    }
    // In a list, the unknown one is named without the spaces around it.
    expect((await call('/v2/payments', fault('insert, nope ,429'))).json.message).toMatch(/^Sandbox-Fault: unknown fault "nope";/);
  });
});

describe('faults apply only to a request that passes authentication, or to Ping', () => {
  const FAULTS = ['insert', '429', '503', 'reset', 'stall', 'slow-body', 'delay=20000', 'boom', 'insert, 429'];

  it.each(FAULTS)('"%s" without credentials: 401 at once, and nothing else happens', async (value) => {
    const before = sandbox.payments().length;
    const answer = await rawGet(`${sandbox.url}/v2/payments`, { 'Sandbox-Fault': value }, 2000, { auth: false });
    expect([answer.outcome, answer.status]).toEqual(['answered', 401]);
    expect(JSON.parse(answer.body).errorCode).toBe('unauthorized');
    expect(sandbox.payments()).toHaveLength(before);
  });

  it.each(FAULTS)('"%s" with wrong credentials: 401 at once, and nothing else happens', async (value) => {
    const before = sandbox.payments().length;
    const wrong = `Basic ${Buffer.from('32:wrong').toString('base64')}`;
    const answer = await rawGet(`${sandbox.url}/v2/configuration`, { 'Sandbox-Fault': value, Authorization: wrong }, 2000, { auth: false });
    expect([answer.outcome, answer.status]).toEqual(['answered', 401]);
    expect(sandbox.payments()).toHaveLength(before);
  });

  it('a fault on a path the API does not have: 404, and no fault', async () => {
    const before = sandbox.payments().length;
    expect((await call('/v2/payment', fault('insert, 429'))).status).toBe(404);
    expect(sandbox.payments()).toHaveLength(before);
  });

  it('a fault on OPTIONS, which needs no credentials: 204, and no fault', async () => {
    const before = sandbox.payments().length;
    expect((await call('/v2/payments', { method: 'OPTIONS', auth: false, ...fault('insert, 429') })).status).toBe(204);
    expect(sandbox.payments()).toHaveLength(before);
  });

  it('Ping, which needs no credentials, meets its faults', async () => {
    const before = sandbox.payments().length;
    expect((await call('/ping', { auth: false, headers: { Accept: 'text/plain', 'Sandbox-Fault': 'insert, 503' } })).status).toBe(503);
    expect(sandbox.payments()).toHaveLength(before + 1);
    expect((await rawGet(`${sandbox.url}/ping`, { 'Sandbox-Fault': 'reset' }, 2000, { auth: false })).outcome).toBe('reset');
  });

  it('random faults (--faults) too: a sandbox that inserts on every request inserts nothing for a refused one', async () => {
    const always = await startSandbox({ payments: 3, faults: 'insert:1' });
    try {
      expect((await fetch(`${always.url}/v2/payments`)).status).toBe(401);
      expect((await fetch(`${always.url}/v2/nope`, { headers: { Authorization: BASIC } })).status).toBe(404);
      expect(always.payments()).toHaveLength(3);
      expect((await fetch(`${always.url}/v2/payments`, { headers: { Authorization: BASIC } })).status).toBe(200);
      expect(always.payments()).toHaveLength(4);
    } finally {
      await always.close();
    }
  });
});

describe('the Sandbox-Fault header sent on several lines', () => {
  it('is one list, as HTTP reads a repeated list header: insert on one line and 429 on the next apply both', async () => {
    const before = sandbox.payments().length;
    const { status } = await sendRaw(sandbox.url, {
      method: 'GET',
      target: '/v2/payments',
      headers: [
        ['Authorization', BASIC],
        ['Sandbox-Fault', 'insert'],
        ['Sandbox-Fault', '429'],
      ],
    });
    expect(status).toBe(429);
    expect(sandbox.payments()).toHaveLength(before + 1);
  });
});

describe('random faults (--faults)', () => {
  const statuses = async (faults: string, seed: number, requests = 60) => {
    const random = await startSandbox({ payments: 30, seed, faults });
    try {
      const seen: number[] = [];
      for (let i = 0; i < requests; i++) seen.push((await fetch(`${random.url}/v2/payments?limit=1`, { headers: { Authorization: BASIC } })).status);
      return { seen, payments: random.payments().length };
    } finally {
      await random.close();
    }
  };

  it('inject 429, 503 and inserts at about the given rates, on requests without any header', async () => {
    const random = await startSandbox({ payments: 30, seed: 7, faults: '429:0.2,503:0.1,insert:0.3' });
    try {
      const seen: number[] = [];
      for (let i = 0; i < 200; i++) {
        const { status } = await fetch(`${random.url}/v2/payments?limit=1`, { headers: { Authorization: BASIC } });
        seen.push(status);
      }
      const count = (status: number) => seen.filter((s) => s === status).length;
      expect(count(429)).toBeGreaterThan(20);
      expect(count(503)).toBeGreaterThan(5);
      expect(count(200)).toBeGreaterThan(100);
      expect(random.payments().length - 30).toBeGreaterThan(35);
    } finally {
      await random.close();
    }
  });

  it('are the same sequence for the same seed, and another for another seed', async () => {
    const first = await statuses('429:0.3,insert:0.2', 11);
    expect(await statuses('429:0.3,insert:0.2', 11)).toEqual(first);
    expect((await statuses('429:0.3,insert:0.2', 12)).seen).not.toEqual(first.seen);
  });

  it('a bad --faults value is refused before listening, naming the option and the form', async () => {
    await expect(startSandbox({ faults: '429:2' })).rejects.toThrow(/^faults: "429:2" is not <fault>:<probability from 0 to 1>/);
    await expect(startSandbox({ faults: 'boom:0.1' })).rejects.toThrow(/^faults: /);
  });
});

describe('the pieces slow-body sends', () => {
  const body = (length: number) => Uint8Array.from({ length }, (_, at) => at % 251);
  const lengths = (pieces: Uint8Array[]) => pieces.map((piece) => piece.length);

  it(`are ${SLOW_BODY.pieces} at most, about a tenth each, in order, and nothing else: no empty piece at the end`, () => {
    expect(lengths(slowPieces(body(100)))).toEqual(Array(10).fill(10));
    expect(lengths(slowPieces(body(95)))).toEqual([...Array(9).fill(10), 5]);
    expect(lengths(slowPieces(body(3)))).toEqual([1, 1, 1]);
    for (const length of [1, 95, 100, 1001]) expect(Buffer.concat(slowPieces(body(length)))).toEqual(Buffer.from(body(length)));
  });

  it('are none for an empty body', () => {
    expect(slowPieces(body(0))).toEqual([]);
  });
});

describe('reading faults', () => {
  it('one fault name, in any case and with spaces around; delay up to MAX_DELAY_MS', () => {
    expect([' 429 ', 'RESET', 'Slow-Body', 'insert', '503', 'stall'].map(parseFault)).toEqual([
      { kind: '429' },
      { kind: 'reset' },
      { kind: 'slow-body' },
      { kind: 'insert' },
      { kind: '503' },
      { kind: 'stall' },
    ]);
    expect([`delay=${MAX_DELAY_MS}`, 'Delay=0'].map(parseFault)).toEqual([
      { kind: 'delay', ms: MAX_DELAY_MS },
      { kind: 'delay', ms: 0 },
    ]);
    for (const unknown of [`delay=${MAX_DELAY_MS + 1}`, 'delay=1234567', 'delay=', 'delay=-1', 'xdelay=1', 'delay=1x', '4290', 'resets', ''])
      expect(parseFault(unknown), unknown).toBeUndefined();
  });

  it('rates: <fault>:<probability from 0 to 1>, comma-separated; none for an empty or blank value', () => {
    expect(parseFaultRates('429:0.1, 503:0.05,insert:1,reset:1.0,stall:0, delay=5:0.5')).toEqual([
      { fault: { kind: '429' }, probability: 0.1 },
      { fault: { kind: '503' }, probability: 0.05 },
      { fault: { kind: 'insert' }, probability: 1 },
      { fault: { kind: 'reset' }, probability: 1 },
      { fault: { kind: 'stall' }, probability: 0 },
      { fault: { kind: 'delay', ms: 5 }, probability: 0.5 },
    ]);
    expect(parseFaultRates('')).toEqual([]);
    expect(parseFaultRates('  ')).toEqual([]);
    for (const bad of ['429', '429:', ':0.1', '429:1.5', '429:.5', '429:-0.1', '429:0.1x', 'x429:0.1', '429:0.1,', 'boom:0.1'])
      expect(() => parseFaultRates(bad), bad).toThrow('is not <fault>:<probability from 0 to 1>, e.g. 429:0.1,503:0.05,insert:0.1');
  });

  it('rolls each rate on its own; a rate of 0 never fires and draws nothing from the seed, a rate of 1 always fires', () => {
    const roll = (spec: string) => {
      const random = seededRandom(5);
      return Array.from({ length: 40 }, () => rollFaults(parseFaultRates(spec), random).map((fault) => fault.kind));
    };
    const alone = roll('503:0.5');
    expect(new Set(alone.map((faults) => faults.join()))).toEqual(new Set(['503', '']));
    expect(roll('429:0,503:0.5')).toEqual(alone);
    expect(roll('insert:1').every((faults) => faults.join() === 'insert')).toBe(true);
  });
});
