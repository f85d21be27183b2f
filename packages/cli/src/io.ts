// Where the CLI writes, and how: a terminal or not, colour or not, and text that cannot drive the
// terminal.
import type { CliIo, OutputStream } from './types.js';

import type { WriteAt } from './resumable-file.js';

export type { CliIo, OutputStream };

/** What a command runs with: run()'s public CliIo, and the tests' seam for the export's file writes. */
export interface RunIo extends CliIo {
  writeAt?: WriteAt;
}

export const isTerminal = (stream: OutputStream): boolean => stream.isTTY === true;

/** Colour only on a terminal, never with NO_COLOR set to anything but "" (no-color.org), never on TERM=dumb. */
export function colourEnabled(stream: OutputStream, env: CliIo['env']): boolean {
  return isTerminal(stream) && !env.NO_COLOR && env.TERM !== 'dumb';
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
}

export function style(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return { bold: wrap(1, 22), dim: wrap(2, 22), green: wrap(32, 39) };
}

// What could drive a terminal: C0 controls (ESC starts every sequence: a title, the clipboard through
// OSC 52, a link, clearing the screen; CR rewrites the line), DEL, C1 controls (CSI and OSC on their
// own), and the bidi controls and line separators that reorder or break what is shown.
const DRIVES_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same in JSON or CSV lines, whose line ends are kept: LF, and CR only as part of CRLF.
const DRIVES_TERMINAL_IN_LINES = /\r(?!\n)|[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from the network made safe to show: every character that could drive a terminal is shown as
 * \uXXXX. Every line the CLI prints that holds a byte from the network goes through this or
 * terminalSafe: error lines and notes (run.ts, command.ts), table cells, configuration's list.
 */
export function printable(text: string): string {
  return text.replace(DRIVES_TERMINAL, escaped);
}

/** JSON or CSV lines for a terminal: the same, keeping their line ends (for JSON, the same value). */
export function terminalSafe(text: string): string {
  return text.replace(DRIVES_TERMINAL_IN_LINES, escaped);
}

/** Writes and waits for the stream to drain when it asks to, so a slow reader bounds memory; `signal` ends the wait. */
export async function writeAll(stream: OutputStream, text: string, signal?: AbortSignal): Promise<void> {
  if (stream.write(text) || signal?.aborted) return;
  await new Promise<void>((resolve) => {
    stream.once('drain', resolve);
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** 1234567 as 1,234,567. */
export const count = (value: number): string => value.toLocaleString('en-US');
