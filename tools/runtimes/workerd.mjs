// workerd, Cloudflare's open-source Workers runtime, as a host of the sandbox's engine: its binary
// from the locked @cloudflare/workerd-<platform> package (the `workerd` package's postinstall is not
// run), a config written for each run that lists the engine's built modules one by one (the import
// graph of packages/sandbox/dist/fetch.js, unbundled) with Node.js compatibility off (no nodejs_compat,
// and the flags that turn off the default recent dates give it), so a module that needed anything of
// Node would fail to load or run. Serves workerd/worker.mjs on a free port.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sandboxDist = resolve(here, '../../packages/sandbox/dist');
const require = createRequire(import.meta.url);
// Not after the binary's own date, or workerd refuses it; a fixed date keeps a run reproducible.
const COMPATIBILITY_DATE = '2026-11-01';
// From some 2026 date on, workerd turns Node.js compatibility on by default (Buffer, process and node:*
// modules without the nodejs_compat flag): these flags turn it off, so the engine gets nothing of Node.
export const COMPATIBILITY_FLAGS = ['no_nodejs_compat', 'no_nodejs_compat_v2'];

/** workerd as the matrix names it, with the pinned version as its binary reports it (2026-11-17 for 1.20261117.x). */
export function workerdRuntime() {
  const { version } = JSON.parse(readFileSync(require.resolve('workerd/package.json'), 'utf8'));
  const platform = `@cloudflare/workerd-${process.platform}-${process.arch === 'x64' ? '64' : process.arch}`;
  let executable;
  try {
    executable = join(dirname(createRequire(require.resolve('workerd/package.json')).resolve(`${platform}/package.json`)), 'bin/workerd');
  } catch {
    throw new Error(`${platform} is not installed: run \`pnpm test:runtimes\` (it installs tools/runtimes) on a platform workerd ships for.`);
  }
  const date = /^1\.(\d{4})(\d{2})(\d{2})\./.exec(version);
  return { name: 'workerd', pinned: date ? `${date[1]}-${date[2]}-${date[3]}` : version, executable };
}

/** The relative imports of an ES module's text (`from './x.js'`), in order. */
export function relativeImports(source) {
  return [...source.matchAll(/\bfrom\s+['"](\.\.?\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)|\bimport\s+['"](\.\.?\/[^'"]+)['"]/g)].map(
    (match) => match[1] ?? match[2] ?? match[3],
  );
}

/** The dist files reachable from `entry` by relative imports. */
function moduleGraph(dir, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of relativeImports(readFileSync(join(dir, file), 'utf8'))) visit(join(dirname(file), specifier));
  };
  visit(entry);
  return [...seen];
}

/** The config workerd serves: the worker's modules, one socket, and Node.js compatibility off. */
export function workerdConfig(modules) {
  const lines = modules.map((name) => `    (name = ${JSON.stringify(name)}, esModule = embed ${JSON.stringify(name)}),`);
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "sandbox", worker = .sandboxWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "sandbox") ],
);

const sandboxWorker :Workerd.Worker = (
  modules = [
${lines.join('\n')}
  ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = ${JSON.stringify(COMPATIBILITY_FLAGS).replace(/,/g, ', ')},
);
`;
}

/**
 * Starts workerd on a free port. Resolves once it listens, with its URL and `close()`; rejects with its
 * output if it exits first.
 */
export async function startWorkerd(runtime) {
  if (!existsSync(join(sandboxDist, 'fetch.js'))) throw new Error(`${sandboxDist} is not built`);
  const dir = mkdtempSync(join(tmpdir(), 'matrix-workerd-'));
  const sandboxModules = moduleGraph(sandboxDist, 'fetch.js');
  for (const file of sandboxModules) cpSync(join(sandboxDist, file), join(dir, 'sandbox', file));
  mkdirSync(join(dir, 'equivalence'), { recursive: true });
  cpSync(join(here, '../../test-kit/lib/equivalence.js'), join(dir, 'equivalence/compare.mjs'));
  cpSync(join(here, 'workerd/worker.mjs'), join(dir, 'worker.mjs'));
  // The first module is the worker's main module.
  writeFileSync(join(dir, 'config.capnp'), workerdConfig(['worker.mjs', 'equivalence/compare.mjs', ...sandboxModules.map((file) => `sandbox/${file}`)]));

  const child = spawn(runtime.executable, ['serve', join(dir, 'config.capnp'), '--control-fd', '3'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      stop();
      await exited;
    }
    process.off('exit', stop);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise((done, fail) => {
      let control = '';
      child.stdio[3].on('data', (chunk) => {
        control += chunk;
        const listening = control
          .split('\n')
          .map((line) => (line.trim() ? JSON.parse(line) : {}))
          .find((event) => event.event === 'listen');
        if (listening) done(listening.port);
      });
      child.once('exit', (code) => fail(new Error(`workerd exited (${code}) before listening:\n${output}`)));
      child.once('error', fail);
    });
    return { url: `http://127.0.0.1:${port}`, output: () => output, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The version the binary reports: `workerd 2026-11-17` gives 2026-11-17. */
export function workerdVersion(runtime) {
  return spawnSync(runtime.executable, ['--version'], { encoding: 'utf8' })
    .stdout.trim()
    .replace(/^workerd\s+/, '');
}
