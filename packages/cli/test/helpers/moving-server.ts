// A List Payments server whose list the test edits between runs, to play a service that shows a payment
// late, in the middle of the order (a checkout approved minutes after it was created). It answers every
// request with the page at offset/limit of its current list, and a 500 for offsets from `failFrom` on.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

const servers: { close(): void }[] = [];
afterAll(() => {
  for (const server of servers.splice(0)) server.close();
});

export interface MovingServer {
  url: string;
  payments: { id: string; created: string }[];
  failFrom: number;
}

export async function movingServer(count: number): Promise<MovingServer> {
  const state: MovingServer = {
    url: '',
    payments: Array.from({ length: count }, (_, index) => ({
      id: String(1000 + index),
      created: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    })),
    failFrom: Infinity,
  };
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://server.invalid').searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 20);
    if (offset >= state.failFrom) {
      res
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ errorCode: 'error', errorId: 'fedcba9876543210', message: 'An unexpected error occurred.', httpStatusCode: 500 }));
      return;
    }
    const page = { totalResults: state.payments.length, offset, limit, results: state.payments.slice(offset, offset + limit) };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
