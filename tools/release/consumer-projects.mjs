// Builds the throwaway consumer projects (templates in consumers/) around packed tarballs and checks
// each one the way a user would meet the packages: npm install of the tarball paths plus pinned
// registry packages, a strict type-check, then a run against the Prism mock. A step that fails throws
// with its full output, so a missing file or a wrong exports entry reads as what broke.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { cleanEnv, npmInstall } from '@merchant-ordering/test-kit/npm';
import { readPackedManifest } from '@merchant-ordering/test-kit/tarball';
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
