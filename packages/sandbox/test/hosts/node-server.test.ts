// The node:http host (src/hosts/node/server.ts) on what only it has: the options that place the socket,
// an IPv6 address in its URL, and a request node:http's parser refuses, answered with the engine's 400
// body and logged with the method and target it began with. Each test starts its own sandbox on a free
// port and closes it.
import net from 'node:net';
import { answerInOrder } from '../../src/hosts/node/connection-queue.js';
import { describe, expect, it } from 'vitest';
import { SandboxOptionError, startSandbox, type RequestLogEntry, type Sandbox } from '../../src/index.js';

/** Runs `use` on a sandbox that logs into `logged`, and closes it. */
async function withSandbox(use: (sandbox: Sandbox, logged: RequestLogEntry[]) => Promise<void>, host?: string) {
  const logged: RequestLogEntry[] = [];
  const sandbox = await startSandbox({ payments: 1, log: (entry) => logged.push(entry), ...(host && { host }) });
  try {
    await use(sandbox, logged);
  } finally {
    await sandbox.close();
  }
}

/** Writes `bytes` on a new connection and reads everything the server sends until it closes. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

describe('startSandbox: the options that place the socket', () => {
  it.each([[-1], [1.5], [65536], [Number.NaN]])('refuses port %s, naming it and the range', async (port) => {
    await expect(startSandbox({ port })).rejects.toThrow(new SandboxOptionError('port: must be an integer from 0 to 65535 (0 picks a free port)'));
  });

  it('takes port 65535, the highest (it may be in use on this machine: then the listen error, not a refusal of the option)', async () => {
    const outcome = await startSandbox({ port: 65535 }).then(
      (sandbox) => sandbox.close().then(() => 'listened'),
      (error: NodeJS.ErrnoException) => (error instanceof SandboxOptionError ? error.message : error.code),
    );
    expect(['listened', 'EADDRINUSE']).toContain(outcome);
  });

  it('refuses a host that is not a string', async () => {
    await expect(startSandbox({ host: 127001 as unknown as string })).rejects.toThrow(new SandboxOptionError('host: must be a host name or an IP address'));
  });

  it('shows an IPv6 host in brackets in its URL, and no other, and each URL answers', async () => {
    for (const [host, shown] of [
      ['::1', '[::1]'],
      ['127.0.0.1', '127.0.0.1'],
    ]) {
      await withSandbox(async (sandbox) => {
        expect(sandbox.url).toBe(`http://${shown}:${sandbox.port}`);
        expect(await (await fetch(`${sandbox.url}/ping`)).text()).toBe('pong');
      }, host);
    }
  });
});

describe("a request node:http's parser refuses", () => {
  it.each([
    ['a header line without a colon', 'GET /v2/payments HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', { method: 'GET', target: '/v2/payments' }],
    ['an HTTP version that does not exist', 'GET /ping?x=1 HTTP/9.9\r\nHost: x\r\n\r\n', { method: 'GET', target: '/ping?x=1' }],
  ])("%s: 400 with the engine's body, the connection closed, logged with its method and target", async (_, bytes, logged) => {
    await withSandbox(async (sandbox, log) => {
      const answer = await exchange(sandbox.port, bytes);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')).toEqual(['HTTP/1.1 400 Bad Request', 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close']);
      expect(JSON.parse(body)).toEqual({
        errorCode: 'bad_request',
        errorId: expect.any(String),
        message: 'The request is not valid HTTP/1.1.',
        httpStatusCode: 400,
      });
      expect(log).toEqual([{ ...logged, status: 400, ms: expect.any(Number) }]);
    });
  });

  it('logs an empty target for a request line without one', async () => {
    await withSandbox(async (sandbox, log) => {
      expect(await exchange(sandbox.port, 'GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
      expect(log.map(({ method, target, status }) => ({ method, target, status }))).toEqual([{ method: 'GARBAGE', target: '', status: 400 }]);
    });
  });
});

describe('the pipelining queue', () => {
  it('counts nothing waiting on a connection it has not seen', () => {
    expect(answerInOrder(() => {}).waiting(new net.Socket())).toBe(0);
  });
});
