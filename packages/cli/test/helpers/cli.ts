// Runs the command line two ways: in this process (runCli with captured streams that can claim to be a
// terminal), and as the built bin in a child process (for signals, kills and exit codes).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { WriteAt } from '../../src/resumable-file.js';
import { runCli } from '../../src/run.js';

export const BIN = fileURLToPath(new URL('../../bin/merchant-ordering.js', import.meta.url));

export interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** stdout and stderr claim to be terminals of this width. */
  terminal?: { stdout?: boolean; stderr?: boolean; columns?: number };
  signal?: AbortSignal;
  /** The export's file-writing seam, to play a full disk. */
  writeAt?: WriteAt;
}

/** An environment without the caller's credentials or profile: HOME points at an empty folder. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: scratchDir('home-'), ...extra };
}

export async function runInProcess(
  argv: string[],
  { env = cleanEnv(), terminal = {}, signal = new AbortController().signal, writeAt }: RunOptions = {},
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const stream = (tty: boolean | undefined, append: (text: string) => void) => ({
    write: (text: string) => {
      append(text);
      return true;
    },
    once: () => undefined,
    isTTY: tty === true,
    columns: terminal.columns ?? 120,
  });
  const code = await runCli(
    argv,
    {
      stdout: stream(terminal.stdout, (text) => (stdout += text)),
      stderr: stream(terminal.stderr, (text) => (stderr += text)),
      env,
      ...(writeAt && { writeAt }),
    },
    signal,
  );
  return { code, stdout, stderr };
}

/** Starts the built bin; `done` resolves when it exits, with what it printed. */
export function spawnCli(
  argv: string[],
  { env = cleanEnv(), cwd }: { env?: Record<string, string | undefined>; cwd?: string } = {},
): { child: ChildProcess; done: Promise<Captured & { signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, [BIN, ...argv], { env: env as NodeJS.ProcessEnv, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Captured & { signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code: code ?? -1, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runBin = (argv: string[], options?: { env?: Record<string, string | undefined>; cwd?: string }) => spawnCli(argv, options).done;

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder, removed after the test file. */
export function scratchDir(prefix = 'cli-'): string {
  const dir = mkdtempSync(join(tmpdir(), `merchant-ordering-${prefix}`));
  scratch.push(dir);
  return dir;
}
