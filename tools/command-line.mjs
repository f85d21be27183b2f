// The front of each command of ours that the README tells a user to run (`pnpm start`, `pnpm bench`,
// ...): its flags are read before it builds or starts anything, by the sandbox's read-flags.js (the
// one way every command of ours reads flags; it runs from source). `--version` prints the version of
// the API description this toolkit is at, since these commands ship in no package. Then `build` runs
// the turbo tasks the command needs.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFlags } from '../packages/sandbox/src/hosts/node/read-flags.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A bad value of a flag or variable: the command prints its message as one line and exits 2. */
export class UsageError extends Error {}

/**
 * The version of the description the toolkit builds and serves: the spec package's, which is its
 * `info.version` (tools/test/release/versions.test.mjs keeps the two equal). Read from package.json so
 * that this front needs no dependency installed.
 */
export function descriptionVersion() {
  return JSON.parse(readFileSync(join(repoRoot, 'spec/package.json'), 'utf8')).version;
}

/**
 * Reads the command line, or ends the process as described above.
 * @param {{ command: string, usage: string, options?: import('../packages/sandbox/src/hosts/node/read-flags.js').Flags,
 *   allowPositionals?: boolean, args?: string[], check?: (parsed: { values: any, positionals: string[] }) => any }} spec
 *   `check` turns the parsed flags into the command's settings, throwing UsageError for a bad value.
 */
export function readCommandLine({ command, usage, options = {}, allowPositionals = false, args = process.argv.slice(2), check = (parsed) => parsed }) {
  const read = readFlags(args, options, { command, positionals: allowPositionals });
  if ('help' in read) exit(usage, 0);
  if ('version' in read) exit(descriptionVersion(), 0);
  if ('error' in read) exit(`${command}: ${read.error}`, 2, console.error);
  try {
    return check(read);
  } catch (error) {
    if (error instanceof UsageError) exit(`${command}: ${error.message}`, 2, console.error);
    throw error;
  }
}

function exit(line, code, print = console.log) {
  print(line);
  process.exit(code);
}

/** A TCP port from a flag or a variable: digits, 0 to 65535 (0 picks a free one). */
export function portNumber(text, name) {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port <= 65535)) throw new UsageError(`${name} "${text}" is not a port number (0 to 65535; 0 picks a free one)`);
  return port;
}

/**
 * `turbo run <args>` from the repository root, its output shown as it comes on stderr (stdout is the
 * program's that runs next: `pnpm cli export > payments.csv` holds CSV only). Resolves when it
 * succeeds; otherwise the command exits with turbo's code. A signal meant for the command (Ctrl+C,
 * SIGTERM) goes to turbo too, so nothing keeps building after the command is gone.
 */
export function build(args) {
  return new Promise((succeeded) => {
    const turbo = spawn(join(repoRoot, 'node_modules/.bin/turbo'), ['run', ...args], {
      cwd: repoRoot,
      stdio: ['inherit', 2, 'inherit'],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    });
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const forward = (signal) => turbo.kill(signal);
    for (const signal of signals) process.on(signal, forward);
    turbo.on('error', (error) => exit(`could not run turbo: ${error.message} (run \`bash tools/setup.sh\` first)`, 1, console.error));
    turbo.on('exit', (code, signal) => {
      for (const name of signals) process.off(name, forward);
      if (code === 0) succeeded();
      else process.exit(code ?? (signal === 'SIGINT' ? 130 : 1));
    });
  });
}
