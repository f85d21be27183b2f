// Builds the throwaway consumer projects (templates in consumers/) around packed tarballs and checks
// each one the way a user would meet the packages: npm install of the tarball paths plus pinned
// registry packages, a strict type-check, then a run against the Prism mock. A step that fails throws
// with its full output, so a missing file or a wrong exports entry reads as what broke.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { readPackedManifest } from './tarball.mjs';
import { esbuildModule, registryPins, tscPath } from './versions.mjs';

const execFileAsync = promisify(execFile);
const templates = resolve(dirname(fileURLToPath(import.meta.url)), 'consumers');
const CLIENT = '@merchant-ordering/client';
// A step that hangs (a mock that never answers) is killed rather than left running after the test
// gives up; this bounds a step, it asserts nothing.
const STEP_GUARD_MS = 150_000;

/**
 * packages: the tarballs it installs. registry: pinned registry packages. probe: its src/main.ts imports
 * src/exports-probe.ts (written here). steps: what proves it works.
 */
export const CONSUMERS = {
  'esm-nodenext': {
    packages: [CLIENT, '@merchant-ordering/types'],
    registry: ['@types/node'],
    probe: true,
    steps: [typecheck, runNode('dist/main.js')],
  },
  'esm-bundler': {
    packages: [CLIENT, '@merchant-ordering/types'],
    registry: [],
    probe: true,
    steps: [typecheck, bundle, runNode('dist/main.mjs')],
  },
  'cjs-require': {
    // The client's declarations import its types from @merchant-ordering/types, a dependency not yet on npm.
    packages: [CLIENT, '@merchant-ordering/types'],
    registry: ['@types/node'],
    steps: [typecheck, runNode('index.cjs')],
  },
  'spec-json-yaml': {
    packages: ['@merchant-ordering/spec', CLIENT, '@merchant-ordering/types'],
    registry: ['@types/node', 'yaml'],
    steps: [typecheck, runNode('dist/main.js')],
  },
};

/**
 * Copies the template into `parent/<name>`, installs the tarballs and pinned packages, type-checks
 * (with `tsc`, the workspace's TypeScript by default) and runs it. Resolves to the program's stdout;
 * rejects naming the failing step, with its output.
 * @param {{ tarballs: Record<string, string>, parent: string, prismUrl: string, tsc?: string }} options
 */
export async function checkConsumer(name, { tarballs, parent, prismUrl, tsc = tscPath }) {
  const consumer = CONSUMERS[name];
  const dir = join(parent, name);
  cpSync(join(templates, name), dir, { recursive: true });
  if (consumer.probe) writeExportsProbe(dir, readPackedManifest(tarballs[CLIENT]));
  const pins = registryPins();
  pinTransitiveDependencies(dir, pins);

  const installs = [
    ...consumer.packages.map((pkg) => {
      if (!tarballs[pkg]) throw new Error(`${name}: no tarball for ${pkg}`);
      return tarballs[pkg];
    }),
    ...consumer.registry.map((pkg) => `${pkg}@${pins[pkg]}`),
  ];
  await npmInstall(['--save-exact', ...installs], { cwd: dir });

  let output = '';
  for (const run of consumer.steps) output = await run(name, dir, prismUrl, tsc);
  return output; // the last step's stdout: the program's result line
}

async function typecheck(name, dir, _prismUrl, tsc) {
  return step(name, 'tsc (strict)', process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir });
}

async function bundle(name, dir) {
  const { build } = await import(pathToFileURL(esbuildModule).href);
  try {
    await build({
      entryPoints: [join(dir, 'src/main.ts')],
      absWorkingDir: dir,
      outfile: join(dir, 'dist/main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      define: { PRISM_URL: 'process.env.PRISM_URL' },
      logLevel: 'silent',
    });
  } catch (error) {
    throw new Error(`${name}: esbuild bundle failed:\n${error.message}`);
  }
  return '';
}

function runNode(entry) {
  return (name, dir, prismUrl) => step(name, `node ${entry}`, process.execPath, [entry], { cwd: dir, env: { ...cleanEnv(), PRISM_URL: prismUrl } });
}

async function step(name, label, command, args, { cwd, env = cleanEnv() }) {
  try {
    const { stdout } = await execFileAsync(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024, timeout: STEP_GUARD_MS, killSignal: 'SIGKILL' });
    return stdout;
  } catch (error) {
    const how = error.killed ? `killed after ${STEP_GUARD_MS / 1000} s` : `exit ${error.code}`;
    throw new Error(`${name}: ${label} failed (${how}):\n${error.stdout ?? ''}${error.stderr ?? error.message}`);
  }
}

/**
 * How the throwaway projects run `npm install`: quiet, no install scripts, the cache first. A registry
 * response that stalls is given up after 20 s and retried (npm's own default waits 5 minutes, longer
 * than any test bound, so one stalled response on a cold cache looked like a hang); no update check,
 * which is one more request that can stall.
 */
export const NPM_INSTALL_FLAGS = [
  '--no-audit',
  '--no-fund',
  '--no-update-notifier',
  '--prefer-offline',
  '--ignore-scripts',
  '--loglevel=error',
  '--fetch-timeout=20000',
  '--fetch-retry-mintimeout=1000',
  '--fetch-retry-maxtimeout=10000',
];

// What npm says when the registry (or the way to it) failed, not what was installed: network, TLS and 5xx.
const REGISTRY_FAILURE =
  /^npm (?:error|ERR!) code (E5\d\d|E429|ENOTCACHED|ECONN\w+|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|EPIPE|EPROTO|ERR_SOCKET_TIMEOUT|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_\w+|CERT_\w+)$/m;

/**
 * Runs `attempt()` (an npm or npx command that rejects with npm's stderr); a failure of the registry is
 * tried once more, then thrown as one line that names it as the registry's. Any other failure is
 * thrown at once, as `describe(error)`: what broke.
 */
export async function withRegistryRetry(attempt, { where, describe }) {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const code = REGISTRY_FAILURE.exec(error.stderr ?? '')?.[1];
      if (!code) throw new Error(describe(error));
      if (tries === 2)
        throw new Error(
          `the npm registry failed (${code}, twice), not this code: ${where} could not fetch what it needs; run pnpm test:consumers again once the registry answers`,
        );
    }
  }
}

/** `npm install <args>` with NPM_INSTALL_FLAGS in a throwaway project, with withRegistryRetry. Resolves to npm's stdout. */
export async function npmInstall(args, { cwd, env = cleanEnv(), timeout = STEP_GUARD_MS }) {
  const install = () =>
    execFileAsync('npm', ['install', ...NPM_INSTALL_FLAGS, ...args], { cwd, env, timeout, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 });
  const failed = (error) =>
    `npm install in ${cwd} failed (${error.killed ? `killed after ${timeout / 1000} s` : `exit ${error.code}`}):\n${error.stdout ?? ''}${error.stderr ?? error.message}`;
  return (await withRegistryRetry(install, { where: `npm install in ${cwd}`, describe: failed })).stdout;
}

// pnpm passes its settings to scripts as npm_config_*; npm would read (and warn about) them.
export function cleanEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_(config|package|lifecycle)_/i.test(key)));
}

/** src/exports-probe.ts: one namespace import per subpath the packed client exports (patterns aside). */
function writeExportsProbe(dir, manifest) {
  const subpaths = Object.keys(manifest.exports ?? { '.': null }).filter((subpath) => subpath !== './package.json' && !subpath.includes('*'));
  const lines = subpaths.map((subpath, index) => `import * as entry${index} from '${CLIENT}${subpath.slice(1)}';`);
  const entries = subpaths.map((subpath, index) => `  '${subpath}': entry${index},`);
  const text = [
    `// Written by consumer-projects.mjs from the packed ${CLIENT} package.json "exports".`,
    ...lines,
    '',
    'export const entries: Record<string, object> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  writeFileSync(join(dir, 'src/exports-probe.ts'), text);
}

// openapi-fetch asks for openapi-typescript-helpers ^0.1.0; npm overrides hold it to the workspace's version.
function pinTransitiveDependencies(dir, pins) {
  const path = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  manifest.overrides = { 'openapi-typescript-helpers': pins['openapi-typescript-helpers'] };
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}
