// A console-shaped logger that records what the client logs, so that tests which provoke retries print
// nothing, and tests about the log can assert on it.
import type { Logger } from '../../src/index.js';

export interface LogLine {
  level: string;
  message: string;
  data: Record<string, unknown>;
}

export function recordingLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const record = (level: string) => (message: string, data: Record<string, unknown>) => void lines.push({ level, message, data });
  return { logger: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') }, lines };
}
