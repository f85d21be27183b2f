// The node:http host's bound on pipelining (connection-queue.ts), on a real server: one answer at a
// time per connection, in order; a connection whose answers are not read is not read any further; a
// connection that would have too many waiting is closed; a closed connection's waiting requests are
// dropped. The counts asserted are what is built and held, never how long anything took.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { waitFor } from '@merchant-ordering/test-kit/processes';
import { afterEach, describe, expect, it } from 'vitest';
import { answerInOrder } from '../../src/hosts/node/connection-queue.js';

const running: Server[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose answers the test gives: `handled` lists the requests handed over, in order. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void, options?: { maxWaiting?: number }) {
  const queue = answerInOrder((req, res) => {
    handled.push(req.url!);
    answer(req, res);
  }, options);
  const handled: string[] = [];
  const sockets: Socket[] = [];
  const parsed = { count: 0 };
  const server = createServer((req, res) => {
    parsed.count++;
    queue.listener(req, res);
  });
  server.on('connection', (socket) => sockets.push(socket));
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { handled, sockets, parsed, queue, port: (server.address() as AddressInfo).port };
}

async function client(port: number, paths: string[], { read = true } = {}) {
  const socket = connect(port, '127.0.0.1');
  const state = { socket, received: '', closed: false };
  socket
    .on('data', (chunk) => (state.received += chunk))
    .on('close', () => (state.closed = true))
    .on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  if (!read) socket.pause();
  socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
  return state;
}

describe('answerInOrder', () => {
  it('hands over the next request only once the answer before it has gone out, and answers in order', async () => {
    const held: ServerResponse[] = [];
    const { handled, sockets, parsed, queue, port } = await serve((_, res) => held.push(res));
    const { received } = await client(port, ['/a', '/b', '/c']).then(async (state) => {
      await waitFor(() => parsed.count === 3, 'the three requests to be read');
      expect(handled).toEqual(['/a']);
      expect(queue.waiting(sockets[0]!)).toBe(2);
      held[0]!.end('A');
      await waitFor(() => handled.length === 2, 'the second request');
      held[1]!.end('B');
      await waitFor(() => handled.length === 3, 'the third request');
      held[2]!.end('C');
      await waitFor(() => (state.received.match(/HTTP\/1\.1 200/g) ?? []).length === 3, 'three answers');
      return state;
    });
    expect(handled).toEqual(['/a', '/b', '/c']);
    expect([...received.matchAll(/\r\n\r\n([ABC])/g)].map((match) => match[1]).join('')).toBe('ABC');
  });

  it('a client that reads nothing holds at most one built answer in the process, and is not read any further', async () => {
    const body = Buffer.alloc(400_000, 'x'); // about a List Payments page at limit 250
    let finished = 0;
    const { handled, sockets, parsed, port } = await serve((_, res) => {
      res.once('finish', () => finished++);
      res.end(body);
    });
    const paths = (from: number) => Array.from({ length: 60 }, (_, at) => `/${from + at}`);
    const state = await client(port, paths(0), { read: false });
    // Once the kernel's buffers are full, the server's socket needs a drain that never comes.
    await waitFor(() => sockets[0]?.writableNeedDrain, 'the answers to fill the kernel buffers');
    expect(handled.length - finished).toBe(1);
    expect(sockets[0]!.writableLength).toBeLessThan(body.length + 1024); // one answer and its head
    expect(handled.length).toBeLessThan(60);
    // More requests: node:http reads the next one, sees the socket needs a drain, and stops reading.
    state.socket.write(
      paths(60)
        .map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)
        .join(''),
    );
    await waitFor(() => sockets[0]!.isPaused(), 'the server to stop reading');
    const read = parsed.count;
    state.socket.write(
      paths(120)
        .map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)
        .join(''),
    );
    await new Promise((resolve) => state.socket.write('', resolve));
    expect(sockets[0]!.isPaused()).toBe(true);
    expect(parsed.count).toBe(read);
    expect(handled.length - finished).toBe(1);
  });

  it('closes a connection that would have more than maxWaiting requests waiting, and hands none of them over', async () => {
    const { handled, port } = await serve(() => {}, { maxWaiting: 5 });
    const state = await client(
      port,
      Array.from({ length: 10 }, (_, at) => `/${at}`),
    );
    await waitFor(() => state.closed, 'the connection to be closed');
    expect(handled).toEqual(['/0']);
  });

  it.each([
    ['one answer going out and maxWaiting waiting: kept open, each handed over in order once the one ahead has gone', 6, false],
    ['one more: closed, and none of them handed over', 7, true],
  ])('at the limit (maxWaiting 5), %s', async (_, requests, closes) => {
    const held: ServerResponse[] = [];
    let release = false;
    const { handled, sockets, parsed, queue, port } = await serve((_, res) => (release ? res.end('x') : held.push(res)), { maxWaiting: 5 });
    const paths = Array.from({ length: requests }, (_, at) => `/${at}`);
    const state = await client(port, paths);
    if (closes) {
      await waitFor(() => state.closed, 'the connection to be closed');
      expect(handled).toEqual(['/0']);
      return;
    }
    await waitFor(() => parsed.count === requests, 'every request to be read');
    expect(queue.waiting(sockets[0]!)).toBe(5);
    release = true;
    held[0]!.end('x');
    await waitFor(() => handled.length === requests && queue.waiting(sockets[0]!) === 0, 'every request to be handed over');
    expect(handled).toEqual(paths);
    expect(state.closed).toBe(false);
  });

  it('drops what a closed connection had waiting, even when the answer ahead of it then ends', async () => {
    const held: ServerResponse[] = [];
    const { handled, sockets, parsed, queue, port } = await serve((_, res) => held.push(res));
    const state = await client(port, ['/a', '/b', '/c']);
    await waitFor(() => parsed.count === 3, 'the three requests to be read');
    state.socket.destroy();
    await waitFor(() => sockets[0]!.destroyed && queue.waiting(sockets[0]!) === 0, 'the server to see the close');
    held[0]!.end('A');
    await new Promise((resolve) => setImmediate(resolve));
    expect(handled).toEqual(['/a']);
  });
});
