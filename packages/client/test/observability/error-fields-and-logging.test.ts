// What a caller can see of what happened: attempts and duration on errors from sent requests, the
// system code on ConnectionError, toJSON on every error, and a console-shaped logger.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/options.js';
import { ApiError, ConnectionError, InternalServerError, TimeoutError, ValidationError } from '../../src/index.js';
import { clientWith, CREDENTIALS } from '../helpers/client.js';
import { json } from '../helpers/fake-fetch.js';
import { recordingLogger } from '../helpers/logger.js';

describe('error fields', () => {
  it('an ApiError after retries says how many attempts were made and how long the call took', async () => {
    const { client, log } = clientWith(() => new Response('down', { status: 503, headers: { 'retry-after': '0' } }), { retries: 2 });
    const error = (await client.listPayments().catch((caught: unknown) => caught)) as InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.attempts).toBe(3);
    expect(log.map(({ data }) => data.attempt)).toEqual([1, 2]);
    expect(error.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a ConnectionError carries the system code from the cause chain', async () => {
    const { client } = clientWith(() => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    });
    const error = await client.ping().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', attempts: 1 });
  });

  it('a ValidationError raised before sending has no attempts', async () => {
    const { client } = clientWith();
    const error = await client.listPayments({ limit: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).not.toHaveProperty('attempts');
  });

  it('toJSON gives the name, the message and the documented fields, redacted', async () => {
    const { client } = clientWith(() => json({ errorCode: 'unauthorized', errorId: 'e1', message: `bad key ${CREDENTIALS.secretKey}` }, { status: 401 }));
    const error = (await client.listPayments().catch((caught: unknown) => caught)) as ApiError;
    const serialised = JSON.parse(JSON.stringify(error));
    expect(serialised).toMatchObject({ name: 'AuthenticationError', status: 401, errorCode: 'unauthorized', errorId: 'e1', attempts: 1 });
    expect(serialised.message).toBe('bad key [REDACTED]');
    expect(JSON.stringify(error)).not.toContain(CREDENTIALS.secretKey);
    expect(serialised).not.toHaveProperty('stack');
  });

  it('toJSON of a TimeoutError keeps its phase', async () => {
    const { client } = clientWith(() => new Promise<Response>(() => {}), { timeouts: { connectMs: 5 } });
    const error = (await client.ping().catch((caught: unknown) => caught)) as TimeoutError;
    expect(error.toJSON()).toMatchObject({ name: 'TimeoutError', phase: 'connect', message: expect.stringContaining('connect timed out') });
  });
});

describe('logger', () => {
  it('logs each retry at warn, and nothing else, by default level', async () => {
    const { logger, lines } = recordingLogger();
    const { client } = clientWith(
      (_, call) =>
        call === 1 ? new Response('', { status: 503, headers: { 'retry-after': '0' } }) : json({ totalResults: 0, offset: 0, limit: 20, results: [] }),
      { retries: 1, logger },
    );
    await client.listPayments();
    expect(lines.map(({ level }) => level)).toEqual(['warn']);
    expect(lines[0]!.message).toMatch(/retrying GET https:\/\/\S+\/v2\/payments in 0 ms after HTTP 503/);
  });

  it('logs every attempt at debug with method, URL, status, attempt and duration, the Authorization value redacted', async () => {
    const { logger, lines } = recordingLogger();
    const { client } = clientWith(undefined, { logger, logLevel: 'debug' });
    await client.listPayments({ limit: 5 });
    const [line] = lines;
    expect(line).toMatchObject({ level: 'debug', data: { method: 'GET', status: 200, attempt: 1, url: expect.stringContaining('/v2/payments?limit=5') } });
    expect(line!.data.durationMs).toEqual(expect.any(Number));
    expect((line!.data.headers as Record<string, string>).authorization).toBe('Basic [REDACTED]');
    expect(JSON.stringify(lines)).not.toMatch(/Basic [A-Za-z0-9+/]|test-secret-key/);
  });

  it("logLevel 'off' silences it", async () => {
    const { logger, lines } = recordingLogger();
    const { client } = clientWith(() => new Response('', { status: 503, headers: { 'retry-after': '0' } }), { retries: 1, logger, logLevel: 'off' });
    await client.listPayments().catch(() => {});
    expect(lines).toEqual([]);
  });

  it('defaults to console at warn', () => {
    const resolved = resolveOptions({ ...CREDENTIALS, environment: 'sandbox' });
    expect(resolved.logger).toBe(console);
    expect(resolved.logLevel).toBe('warn');
  });

  it('a logger without the console methods is refused at construction', () => {
    expect(() => clientWith(undefined, { logger: { log() {} } as never })).toThrow(expect.objectContaining({ param: 'logger', rule: 'type' }));
  });
});
