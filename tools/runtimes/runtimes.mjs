// The runtimes of the client's matrix and how to start a script on each. Node 20 is the machine's own
// (the one running this file, so not pinned here). The others are this package's pinned npm packages,
// started through their real executables, not node_modules/.bin shims: the `node` shim exports
// NODE_PATH, which could hide a missing dependency, and the `deno` shim runs on whichever `node` is
// on PATH.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The executable a dependency of this package declares as its bin `name`, and the version pinned. */
function installed(dependency, name) {
  const manifestPath = require.resolve(`${dependency}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[name];
  const executable = resolve(dirname(manifestPath), bin);
  if (!existsSync(executable)) {
    // The npm `node` package writes its binary in a preinstall; bun replaces placeholders in a postinstall.
    throw new Error(`${dependency}: ${executable} is missing. Run \`pnpm install\`; its install script must be allowed in pnpm-workspace.yaml (onlyBuiltDependencies).`);
  }
  return { executable, pinned: manifest.version };
}

// Deno reads bare specifiers from the node_modules pnpm made (not its own npm cache), and gets only
// the permissions the scenarios need: read the spec, env for the mock's URL, net to the local mock.
const DENO_FLAGS = ['run', '--node-modules-dir=manual', '--no-lock', '--allow-read', '--allow-env', '--allow-net=127.0.0.1'];

/** @returns {Array<{ name: string, pinned: string | undefined, command: string, args: (script: string) => string[] }>} */
export function matrixRuntimes() {
  const node22 = installed('node22', 'node');
  const node24 = installed('node24', 'node');
  const bun = installed('bun', 'bun');
  const deno = installed('deno', 'deno');
  return [
    { name: `node ${process.versions.node.split('.')[0]} (machine)`, pinned: undefined, command: process.execPath, args: (script) => [script] },
    { name: 'node 22', pinned: node22.pinned, command: node22.executable, args: (script) => [script] },
    { name: 'node 24', pinned: node24.pinned, command: node24.executable, args: (script) => [script] },
    { name: 'bun', pinned: bun.pinned, command: bun.executable, args: (script) => [script] },
    // deno's bin is a small Node launcher (bin.cjs) that starts the platform binary; run it with this Node.
    { name: 'deno', pinned: deno.pinned, command: process.execPath, args: (script) => [deno.executable, ...DENO_FLAGS, script] },
  ];
}
