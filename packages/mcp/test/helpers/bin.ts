// The built bin as a process: run to completion, or start and wait for a line on stderr.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/merchant-ordering-mcp.js', import.meta.url));

/** An environment with no credentials and an empty home, so no profile of the machine's user is read. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'mcp-home-'));
  const { MERCHANT_ID: _id, SECRET_KEY: _key, ...rest } = process.env;
  return { ...rest, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...extra };
}

export function runBin(args: string[], env = cleanEnv()): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

export interface Running {
  child: ChildProcess;
  stderr: () => string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Starts the bin and resolves once stderr has a line matching `ready`. */
export async function startBin(args: string[], ready: RegExp, env = cleanEnv()): Promise<Running & { match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} on stderr in 60 s: ${stderr}`)), 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const found = ready.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', () => reject(new Error(`exited before ${ready}: ${stderr}`)));
  });
  return { child, match, stderr: () => stderr, exited };
}
