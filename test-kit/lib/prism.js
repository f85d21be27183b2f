// Starts a Prism mock (or validating proxy) of a description, waits until it listens, and stops it with
// its whole process group. The tests hand it the description they mean (the spec package's bundle).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

const require = createRequire(import.meta.url);
const prismBin = require.resolve('@stoplight/prism-cli/dist/index.js');

const READY = /Prism is listening/;
const live = new Set();

/**
 * Resolves to a port that was free a moment ago on the host.
 * @returns {Promise<number>}
 */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * @param {{ spec: string, port?: number, host?: string, upstream?: string, errors?: boolean,
 *           dynamic?: boolean, readyTimeoutMs?: number, log?: (line: string) => void }} options
 *   `spec`: the description's path. `upstream` switches from mock mode to a validating proxy in front of that URL.
 * @returns {Promise<{ url: string, port: number, pid: number, stop: () => Promise<void> }>}
 */
export async function startPrism(options) {
  if (!options?.spec) throw new TypeError('startPrism: options.spec (the path of the description to mock) is required');
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const args = options.upstream ? ['proxy', options.spec, options.upstream] : ['mock', options.spec];
  args.push('-h', host, '-p', String(port));
  if (options.errors) args.push('--errors');
  if (options.dynamic) args.push('--dynamic');

  const child = spawn(process.execPath, [prismBin, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false', FORCE_COLOR: '0' },
  });
  live.add(child);
  child.once('exit', () => live.delete(child));

  /** @type {string[]} */
  const output = [];
  await new Promise((/** @type {(value?: void) => void} */ ready, fail) => {
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`Prism did not start within ${options.readyTimeoutMs ?? 30000} ms:\n${output.join('')}`));
    }, options.readyTimeoutMs ?? 30000);
    const onData = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString();
      if (output.length < 200) output.push(text);
      options.log?.(text);
      if (READY.test(text)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`Prism exited before it was ready (code ${code}, signal ${signal}):\n${output.join('')}`));
    });
  });
  // Keep draining so a chatty Prism never blocks on a full pipe.
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.on('data', (chunk) => options.log?.(chunk.toString()));
  child.stderr.on('data', (chunk) => options.log?.(chunk.toString()));

  return {
    url: `http://${host}:${port}`,
    port,
    pid: /** @type {number} */ (child.pid),
    stop: () => stop(child),
  };
}

/**
 * Stops Prism's process group: SIGTERM, then SIGKILL after 3 s.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((/** @type {(value?: void) => void} */ done) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    killGroup(child, 'SIGTERM');
  });
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  try {
    process.kill(-(/** @type {number} */ (child.pid)), signal);
  } catch {
    // Already gone.
  }
}

// Whatever ends this process (a signal, a crash, a test runner's timeout) takes Prism with it.
function killAll() {
  for (const child of live) killGroup(child, 'SIGKILL');
}
process.once('exit', killAll);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.once(signal, () => {
    killAll();
    process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal]);
  });
}
process.once('uncaughtException', (error) => {
  killAll();
  throw error;
});
