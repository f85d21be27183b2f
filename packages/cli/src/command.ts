// What every command gets, and how a command is declared: its words, flags, help and example.
import type { Logger } from '@merchant-ordering/client';
import { type Connection, connect, TARGET_FLAGS } from './connection.js';
import type { ParamSource } from './errors.js';
import type { Flags, FlagValues } from './read-flags.js';
import { FILTER_SOURCES } from './list-flags.js';
import { isTerminal, printable, type RunIo } from './io.js';

export interface Context {
  io: RunIo;
  values: FlagValues;
  /** Aborts when the user interrupts (Ctrl+C, SIGTERM). */
  signal: AbortSignal;
  /** The client's logger: its retry warnings become notes. */
  logger: Logger;
  /** Shows a note (a retry) on stderr when it is a terminal; a command with a progress bar puts it above the bar. */
  note: (line: string) => void;
  /** Where each client parameter came from (`limit` is `--limit`), for a ValidationError's line. */
  sources: ParamSource;
  /** Opens the connection the flags ask for; the command closes it. */
  connect(options?: { anonymous?: boolean; retries?: number }): Promise<Connection>;
}

export interface Command {
  words: readonly string[];
  summary: string;
  /** The command's own flags; the flags saying where to send are added to every command. */
  flags: Flags;
  /** The usage line after `merchant-ordering <words>`. */
  usage: string;
  /** What it does, in a few lines. */
  description: string;
  examples: readonly string[];
  run(context: Context): Promise<number>;
}

export const JSON_FLAG: Flags = { json: { type: 'boolean', help: 'print JSON even on a terminal (it is JSON whenever stdout is not a terminal)' } };

/** JSON when asked for, or when stdout is not a terminal. */
export const wantsJson = ({ io, values }: Pick<Context, 'io' | 'values'>): boolean => values.json === true || !isTerminal(io.stdout);

export function allFlags(command: Command): Flags {
  return { ...command.flags, ...TARGET_FLAGS, help: { type: 'boolean', help: 'this help' } };
}

export function createContext(io: RunIo, values: FlagValues, signal: AbortSignal): Context {
  const sources: ParamSource = { ...FILTER_SOURCES, include: '--include', baseUrl: '--base-url', environment: '--environment' };
  const ignore = () => {};
  // The client's warnings (and errors, should it log any) as notes, without its package prefix.
  const toNote = (message: string) => context.note(message.replace(/^\[@merchant-ordering\/client\] /, ''));
  const logger: Logger = { debug: ignore, info: ignore, warn: toNote, error: toNote };
  const context: Context = {
    io,
    values,
    signal,
    logger,
    note: (line) => {
      if (isTerminal(io.stderr)) io.stderr.write(`${printable(line)}\n`);
    },
    sources,
    connect: (options = {}) => connect(values, { env: io.env, logger, sources, ...options }),
  };
  return context;
}
