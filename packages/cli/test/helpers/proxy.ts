// A proxy in front of the sandbox that answers some requests itself with the API's 500 (which the
// client does not retry), to fail a walk at a chosen page; `heal()` lets everything through again.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

const servers: { close(): void }[] = [];
afterAll(() => {
  for (const server of servers.splice(0)) server.close();
});

export async function failingProxy(target: string, fails: (url: URL) => boolean): Promise<{ url: string; heal(): void; failed: number }> {
  const upstream = new URL(target);
  const state = { healed: false, failed: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    if (!state.healed && fails(url)) {
      state.failed++;
      const body = JSON.stringify({ errorCode: 'error', errorId: '0123456789abcdef', message: 'An unexpected error occurred.', httpStatusCode: 500 });
      res.writeHead(500, { 'Content-Type': 'application/json' }).end(body);
      return;
    }
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heal: () => (state.healed = true),
    get failed() {
      return state.failed;
    },
  };
}
