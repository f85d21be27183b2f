// Every failure ends as one line on stderr and an exit code: 2 for what the user typed (a flag, a
// value, the credentials' set-up), 1 for what happened (the API, the network, the disk), 130 for an
// interruption. The client's ValidationError names a parameter; the line names the flag instead.
import { AbortError, ApiError, MerchantApiError, ValidationError } from '@merchant-ordering/client';

export const EXIT = { ok: 0, failure: 1, usage: 2, interrupted: 130 } as const;

/** Something the user typed or set up: a flag, a value, the credentials. Exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure that already reads well as one line (a file that cannot be written, a damaged checkpoint). Exit 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** The user stopped the command (Ctrl+C, SIGTERM). */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/**
 * Where a parameter of the client came from, for its ValidationError: a flag (`statuses` is
 * `--status`), an environment variable or a profile. Anything unknown keeps the client's name.
 */
export type ParamSource = Record<string, string>;

export interface Failure {
  line: string;
  code: number;
}

/** The one line and the exit code for anything a command threw. Never a stack, never a secret. */
export function describeFailure(error: unknown, sources: ParamSource): Failure {
  if (error instanceof UsageError) return { line: error.message, code: EXIT.usage };
  if (error instanceof Interrupted) return { line: error.message, code: EXIT.interrupted };
  if (error instanceof AbortError) return { line: 'interrupted', code: EXIT.interrupted };
  if (error instanceof ValidationError) return { line: renameParams(error.message, sources), code: EXIT.usage };
  if (error instanceof ApiError) return { line: apiLine(error), code: EXIT.failure };
  if (error instanceof MerchantApiError || error instanceof CliError) return { line: oneLine(error.message), code: EXIT.failure };
  return { line: `unexpected error: ${oneLine(error instanceof Error ? error.message : String(error))}`, code: EXIT.failure };
}

/** `422 error (errorId 6024ab212498442): limit: must be an integer from 1 to 250` */
export function apiLine(error: ApiError): string {
  const code = error.errorCode ?? 'no errorCode';
  const id = error.errorId ? `errorId ${error.errorId}` : 'no errorId';
  return `${error.status} ${code} (${id}): ${oneLine(error.message)}`;
}

/** The client's parameter names replaced, as whole words, by where they came from: "limit must be" → "--limit must be". */
export function renameParams(message: string, sources: ParamSource): string {
  const names = Object.keys(sources).sort((a, b) => b.length - a.length);
  if (!names.length) return oneLine(message);
  const pattern = new RegExp(`(?<![\\w.-])(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g');
  return oneLine(message.replace(pattern, (name) => sources[name]!));
}

export const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
