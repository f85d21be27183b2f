// What merchant-ordering-sandbox prints, in process (src/hosts/node/command-line-output.ts; test/process runs the
// built bin): the banner, and the one line and exit code when it cannot start, from real failures of
// startSandbox where this machine can cause them.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { banner, startFailure } from '../../src/hosts/node/command-line-output.js';
import { startSandbox } from '../../src/index.js';

const credentials = { merchantId: '60032000', secretKey: 'sk_test_1' };
const settings = { payments: 300, seed: 7, faults: '', evolve: false };
const base64 = Buffer.from('60032000:sk_test_1').toString('base64');

describe('the banner', () => {
  const printed = (overrides: Partial<typeof settings> = {}) => banner({ url: 'http://127.0.0.1:4011', credentials }, { ...settings, ...overrides });

  it('names the payments and seed, the base URL, the credentials, and a curl whose Authorization is theirs', () => {
    const text = printed();
    expect(text.split('\n')[0]).toBe('Merchant Online Ordering API sandbox: 300 payments (seed 7)');
    expect(text).toContain('\n  Base URL     http://127.0.0.1:4011\n  Merchant ID  60032000\n  Secret Key   sk_test_1\n');
    expect(text).toContain(`curl -s -H 'Authorization: Basic ${base64}' -H 'Accept: application/json' \\\n    'http://127.0.0.1:4011/v2/payments?limit=2`);
    expect(text.endsWith('\n\nCtrl+C stops it.')).toBe(true);
  });

  it('says how to inject a fault when none is set at random, and names the rates when some are', () => {
    expect(printed()).toContain('  Faults       none at random; send a Sandbox-Fault header to inject one\n');
    expect(printed({ faults: '429:0.1' })).toContain('  Faults       429:0.1\n');
  });

  it('has an Evolve line only with --evolve', () => {
    expect(printed()).not.toContain('Evolve');
    expect(printed({ evolve: true })).toContain('\n  Evolve       on: unknown fields in every answer, unknown values in more payments\n  Log ');
  });
});

describe('a sandbox that cannot start: one line naming what to change, and the exit code', () => {
  const servers: Server[] = [];
  afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));
  const failureOf = (options: Parameters<typeof startSandbox>[0]) =>
    startSandbox(options).then(
      async (sandbox) => {
        await sandbox.close();
        throw new Error('the sandbox started');
      },
      (error: unknown) => error,
    );

  it('a port in use: exit 1, naming the port and the host, and --port 0', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const error = await failureOf({ port, host: '127.0.0.1' });
    expect(startFailure(error, { port, host: '127.0.0.1' })).toEqual({
      code: 1,
      message: `port ${port} on 127.0.0.1 is already in use: choose another with --port <n> (--port 0 picks a free one)`,
    });
  });

  it('an address this machine does not have: exit 1, naming the host and --host', async () => {
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never an address of this machine.
    const error = await failureOf({ port: 0, host: '192.0.2.1' });
    expect(startFailure(error, { port: 0, host: '192.0.2.1' })).toEqual({ code: 1, message: 'cannot listen on 192.0.2.1: choose another with --host' });
  });

  it.each([['ENOTFOUND'], ['EAI_AGAIN']])('a host name that does not resolve (%s): exit 1, naming --host', (code) => {
    expect(startFailure(Object.assign(new Error('getaddrinfo'), { code }), { port: 0, host: 'nowhere.invalid' })).toEqual({
      code: 1,
      message: 'cannot listen on nowhere.invalid: choose another with --host',
    });
  });

  it('a port that needs privileges: exit 1, naming the port', () => {
    expect(startFailure(Object.assign(new Error('listen EACCES'), { code: 'EACCES' }), { port: 80, host: '0.0.0.0' })).toEqual({
      code: 1,
      message: 'port 80 needs privileges: choose another with --port <n>',
    });
  });

  it('a bad option: exit 2, named as its flag', async () => {
    const error = await failureOf({ port: 0, corsOrigins: ['docs.example.com'] });
    expect(startFailure(error, { port: 0, host: '127.0.0.1' })).toEqual({
      code: 2,
      message: '--cors-origins: "docs.example.com" is not an origin such as https://docs.example.com (scheme, host and port only), or *',
    });
  });

  it('anything else: exit 1, with its message', () => {
    expect(startFailure(new Error('out of file descriptors'), { port: 0, host: '127.0.0.1' })).toEqual({
      code: 1,
      message: 'could not start: out of file descriptors',
    });
  });
});
