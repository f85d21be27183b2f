// Starts a Prism mock (or validating proxy) of the bundled description, waits until it listens, and
// stops it with its whole process group. Used by `pnpm start`, the tests and the contract verifier.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const prismBin = require.resolve('@stoplight/prism-cli/dist/index.js');
export const bundledSpec = resolve(dirname(fileURLToPath(import.meta.url)), '../../spec/dist/openapi.yaml');

const READY = /Prism is listening/;
const live = new Set();

/** Resolves to a port that was free a moment ago on the host. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * @param {{ port?: number, host?: string, spec?: string, upstream?: string, errors?: boolean,
 *           dynamic?: boolean, readyTimeoutMs?: number, log?: (line: string) => void }} [options]
 *   `upstream` switches from mock mode to a validating proxy in front of that URL.
 */
export async function startPrism(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? (await freePort(host));
  const args = options.upstream ? ['proxy', options.spec ?? bundledSpec, options.upstream] : ['mock', options.spec ?? bundledSpec];
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

  const output = [];
  await new Promise((ready, fail) => {
    const timer = setTimeout(() => {
      stop(child);
      fail(new Error(`Prism did not start within ${options.readyTimeoutMs ?? 30000} ms:\n${output.join('')}`));
    }, options.readyTimeoutMs ?? 30000);
    const onData = (chunk) => {
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
    pid: child.pid,
    stop: () => stop(child),
  };
}

/** Stops Prism's process group: SIGTERM, then SIGKILL after 3 s. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    killGroup(child, 'SIGTERM');
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// Whatever ends this process (a signal, a crash, a test runner's timeout) takes Prism with it.
function killAll() {
  for (const child of live) killGroup(child, 'SIGKILL');
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    killAll();
    process.exit(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal]);
  });
}
process.once('uncaughtException', (error) => {
  killAll();
  throw error;
});
