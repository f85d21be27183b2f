// The sandbox under a pipelining attack (issue 19): several connections each pipeline thousands of
// List Payments requests at limit 250 and never read an answer. Reports the sandbox's resident memory
// (VmRSS, from /proc) before, at its peak during the attack, and a while after the clients have gone,
// and whether it still answers. Run alone (it takes a minute and more), not part of `pnpm bench`:
//
//   node tools/bench/sandbox-pipelining.mjs [--connections 4] [--requests 3000] [--limit 250]
//                                           [--hold-seconds 5] [--after-seconds 60]
//
// The sandbox is the built one (pnpm --filter @merchant-ordering/sandbox build), in its own process.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { runAsScript, startSandboxServer } from './lib/processes.mjs';

const AUTHORIZATION = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;
const MIB = 1024 * 1024;

export async function measurePipeliningMemory({ connections = 4, requests = 3000, limit = 250, holdSeconds = 5, afterSeconds = 60, log = console.error } = {}) {
  const server = await startSandboxServer({ payments: 1000 });
  const { port } = new URL(server.url);
  try {
    // Warm: the sorted order and the payments' encoded JSON exist before the first figure.
    await answered(server.url, limit);
    const before = rssOf(server.pid);
    log(`  before: ${mib(before)} MiB`);

    const request = `GET /v2/payments?limit=${limit} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${AUTHORIZATION}\r\nAccept: application/json\r\nUser-Agent: sandbox-pipelining/1.0\r\n\r\n`;
    const pipeline = Buffer.from(request.repeat(requests));
    const sockets = await Promise.all(Array.from({ length: connections }, () => openSocket(Number(port))));
    for (const socket of sockets) {
      socket.pause(); // never read an answer
      socket.write(pipeline);
    }
    const during = await peakRss(server.pid, holdSeconds * 1000);
    // More than 100 requests waiting on one connection closes it; fewer are kept, unread. A paused
    // socket does not see its end: read what is there, and see which connections end.
    const closedBySandbox = (await Promise.all(sockets.map((socket) => endsWithin(socket, 3000)))).filter(Boolean).length;
    log(`  during: peak ${mib(during)} MiB over ${holdSeconds} s; ${closedBySandbox} of ${connections} connections closed by the sandbox`);
    for (const socket of sockets) socket.destroy();

    const samples = [];
    for (let second = 1; second <= afterSeconds; second++) {
      await sleep(1000);
      samples.push(rssOf(server.pid));
    }
    const after = samples.at(-1);
    log(`  ${afterSeconds} s after the clients left: ${mib(after)} MiB`);
    const stillAnswers = await answered(server.url, limit);
    return {
      title: 'Sandbox memory under pipelining',
      method: { connections, requestsPerConnection: requests, limit, payments: 1000, holdSeconds, afterSeconds, node: process.version, measure: 'VmRSS of the sandbox process' },
      rssMiB: { before: mib(before), duringPeak: mib(during), after: mib(after), afterMinusBefore: mib(after - before) },
      closedBySandbox,
      // Once a second after the clients left, to see whether memory comes back, and when.
      afterSamplesMiB: { min: mib(Math.min(...samples)), max: mib(Math.max(...samples)) },
      stillAnswers,
    };
  } finally {
    await server.close();
  }
}

function endsWithin(socket, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    socket.resume();
  });
}

function openSocket(port) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
    socket.on('error', () => {}); // a sandbox that closes the connection is an outcome, not a failure here
  });
}

async function answered(url, limit) {
  const response = await fetch(`${url}/v2/payments?limit=${limit}`, { headers: { Authorization: AUTHORIZATION, Accept: 'application/json' } });
  const body = await response.json();
  return response.status === 200 && body.results.length === limit;
}

async function peakRss(pid, ms) {
  let peak = rssOf(pid);
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await sleep(50);
    peak = Math.max(peak, rssOf(pid));
  }
  return peak;
}

/** Resident memory of a process in bytes (Linux /proc). */
function rssOf(pid) {
  const kib = /^VmRSS:\s+([0-9]+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kib[1]) * 1024;
}

const mib = (bytes) => Math.round((bytes / MIB) * 10) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

await runAsScript(import.meta.url, () => {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '4' },
      requests: { type: 'string', default: '3000' },
      limit: { type: 'string', default: '250' },
      'hold-seconds': { type: 'string', default: '5' },
      'after-seconds': { type: 'string', default: '60' },
    },
  });
  return measurePipeliningMemory({
    connections: Number(values.connections),
    requests: Number(values.requests),
    limit: Number(values.limit),
    holdSeconds: Number(values['hold-seconds']),
    afterSeconds: Number(values['after-seconds']),
  });
});
