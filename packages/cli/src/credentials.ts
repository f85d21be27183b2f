// The Merchant ID and Secret Key: MERCHANT_ID and SECRET_KEY from the environment, otherwise a profile
// of profiles.json in $XDG_CONFIG_HOME/merchant-ordering (~/.config/merchant-ordering when unset). Never
// from a flag. A profile file that other users could read or change is refused before it is read.
// The package exports this module as @merchant-ordering/cli/credentials: @merchant-ordering/mcp's --live reads
// credentials through it, so both read them the same way.
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { UsageError } from './errors.js';
import { notRegular } from './file-kind.js';

export const DEFAULT_PROFILE = 'default';

export interface Credentials {
  merchantId: string;
  secretKey: string;
  /** Where they came from, to name it in messages: `MERCHANT_ID`, `profile "default" in <path>`. */
  source: { merchantId: string; secretKey: string };
}

/** The profile file's path. A relative XDG_CONFIG_HOME is ignored, as the XDG spec says. */
export function profilesPath(env: Record<string, string | undefined>): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.config');
  return join(base, 'merchant-ordering', 'profiles.json');
}

/**
 * The credentials to use. The environment wins over the file, whichever profile is named.
 * `profile` is the --profile flag, when given. When they are missing or cannot be read, throws an Error
 * named UsageError whose message names the variable, the profile or the file, never a secret.
 */
export function readCredentials(env: Record<string, string | undefined>, profile: string | undefined): Credentials {
  const { MERCHANT_ID: merchantId, SECRET_KEY: secretKey } = env;
  if (merchantId || secretKey) {
    if (!merchantId) throw new UsageError('SECRET_KEY is set but MERCHANT_ID is not: set both, or neither to use a profile');
    if (!secretKey) throw new UsageError('MERCHANT_ID is set but SECRET_KEY is not: set both, or neither to use a profile');
    return { merchantId, secretKey, source: { merchantId: 'MERCHANT_ID', secretKey: 'SECRET_KEY' } };
  }
  const path = profilesPath(env);
  const name = profile ?? DEFAULT_PROFILE;
  const profiles = readProfiles(path, profile !== undefined);
  if (!Object.hasOwn(profiles, name)) {
    const names = Object.keys(profiles);
    throw new UsageError(`no profile "${name}" in ${path}${names.length ? ` (it has ${names.map((known) => `"${known}"`).join(', ')})` : ''}`);
  }
  const entry = profiles[name] as Record<string, unknown> | null;
  if (typeof entry?.merchantId !== 'string' || typeof entry.secretKey !== 'string') {
    throw new UsageError(`profile "${name}" in ${path} needs "merchantId" and "secretKey", both strings`);
  }
  const where = `profile "${name}" in ${path}:`;
  return { merchantId: entry.merchantId, secretKey: entry.secretKey, source: { merchantId: `${where} merchantId`, secretKey: `${where} secretKey` } };
}

function readProfiles(path: string, named: boolean): Record<string, unknown> {
  let fd: number;
  try {
    // What the path is before it is opened, and opened without blocking: a FIFO would wait for a writer.
    const kind = notRegular(statSync(path));
    if (kind) throw new UsageError(`${path} is ${kind}, not a file`);
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code}`);
    throw new UsageError(
      named ? `no profile file at ${path}` : `no credentials: set MERCHANT_ID and SECRET_KEY, or write a profile to ${path} (or try --sandbox)`,
    );
  }
  try {
    // Checked on the open file, so the file checked is the file read.
    const stat = fstatSync(fd);
    const kind = notRegular(stat); // the file opened may have been swapped since the check
    if (kind) throw new UsageError(`${path} is ${kind}, not a file`);
    if (process.platform !== 'win32') {
      if (stat.mode & 0o077) {
        const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
        throw new UsageError(`${path} can be read or changed by other users (mode ${mode}); it holds secret keys: run chmod 600 ${path}`);
      }
      if (typeof process.getuid === 'function' && stat.uid !== process.getuid())
        throw new UsageError(`${path} belongs to another user; it holds secret keys: use your own`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(fd, 'utf8'));
    } catch {
      // Not the parser's message: newer Nodes quote the text around the mistake, which may be a key.
      throw new UsageError(`${path} is not valid JSON`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UsageError(`${path} must be a JSON object of profiles: { "default": { "merchantId": "...", "secretKey": "..." } }`);
    }
    return parsed as Record<string, unknown>;
  } finally {
    closeSync(fd);
  }
}
