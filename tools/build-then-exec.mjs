// The second half of a root script that must read its flags before turbo runs (`pnpm sandbox`):
// build with turbo, then become the built program, as `turbo run ... && exec node ...` does in a
// shell. process.execve keeps this process (pnpm stays the parent, so signals and the orphan watch
// behave as with `exec`); on a Node without it, the program runs as a child that gets our signals.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, repoRoot } from './command-line.mjs';

/** Runs `turbo run <turboArgs>`, then `node <script> <args>` in place of this process. */
export async function buildThenExec(turboArgs, script, args) {
  await build(turboArgs);
  const argv = [process.execPath, join(repoRoot, script), ...args];
  if (typeof process.execve === 'function') process.execve(process.execPath, argv);
  return runAsChild(argv);
}

async function runAsChild([node, ...rest]) {
  const child = spawn(node, rest, { stdio: 'inherit' });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  const { stopOnSignalsOrOrphaning } = await import('./lifecycle.mjs');
  stopOnSignalsOrOrphaning(() => {
    child.kill('SIGTERM');
    return exited;
  });
  process.exit(await exited);
}
