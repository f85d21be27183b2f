// A client that pipelines requests and reads no answers must not make the sandbox build and hold
// them all (four such connections took it from 84 MB to 850 MB). A request with
// `Sandbox-Fault: insert` adds a payment as its answer is built, so the payments count the answers
// built. The sandbox has read a connection by the time it answers another one opened after it.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { BASIC, sandboxFor } from '../helpers/sandbox.js';

let sandbox: Sandbox;
let stop: () => Promise<void>;
beforeAll(async () => ({ sandbox, stop } = await sandboxFor({ payments: 1000 })));
afterAll(() => stop());

const line = (faults?: string) =>
  `GET /v2/payments?limit=250 HTTP/1.1\r\nHost: sandbox\r\nAuthorization: ${BASIC}\r\nAccept: application/json\r\n${faults ? `Sandbox-Fault: ${faults}\r\n` : ''}\r\n`;

/** Opens a connection that writes `text` and never reads. */
async function pipeline(text: string) {
  const socket: Socket = connect(sandbox.port, '127.0.0.1');
  const state = { socket };
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  await new Promise((resolve) => socket.write(text, resolve));
  return state;
}

describe('pipelined requests on one connection', () => {
  it('nothing behind an answer that has not gone out is built (a stalled first request holds 3,000 inserts back)', async () => {
    const before = sandbox.payments().length;
    const client = await pipeline(line('stall') + line('insert').repeat(3000));
    // The sandbox has read that connection by the time it answers another one opened after it.
    expect((await fetch(`${sandbox.url}/ping`)).status).toBe(200);
    expect(sandbox.payments().length - before).toBe(0);
    client.socket.destroy();
  });

  it('3,000 pipelined List Payments at limit 250 that are never read: the answers are not built and held', async () => {
    const held = () => process.memoryUsage().arrayBuffers;
    const before = held();
    const client = await pipeline(line().repeat(3000));
    expect((await fetch(`${sandbox.url}/ping`)).status).toBe(200);
    // Each answer is about 400 kB; what was read at once is hundreds of requests. One answer at a
    // time (and the few the kernel took) stays far below.
    expect(held() - before).toBeLessThan(32 * 2 ** 20);
    client.socket.destroy();
  });
});
