// Where the CLI writes, and how: a terminal or not, colour or not, and text that cannot drive the
// terminal.
import type { CliIo, OutputStream } from './types.js';

export type { CliIo, OutputStream };

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

// C0 and C1 controls (ESC, CSI, BEL, newlines) and the bidi overrides that would reorder what is shown.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from the service, made safe to show on a terminal: a merchant reference holding an escape
 * sequence must not move the cursor, retitle the window or hide a line. Controls are shown escaped.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// The same, but keeping line breaks and tabs: for JSON and CSV, whose lines they are. (JSON.stringify
// escapes C0 controls itself; C1 controls and bidi overrides pass through it.)
const UNSAFE_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** JSON or CSV lines with what could drive a terminal escaped as \uXXXX (for JSON, the same value). */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_IN_LINES, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
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
