// The client's log: a console-shaped logger filtered by level. Retries go out at `warn` and every
// attempt at `debug`; callers pass only redacted text and redacted headers.

/** Anything shaped like `console`: pino, winston and bunyan loggers fit. */
export interface Logger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';
export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

export type Log = (level: Exclude<LogLevel, 'off'>, message: string, data: Record<string, unknown>) => void;

/** A log that drops what is below `level`; `enabled(level)` lets callers skip building what would be dropped. */
export function createLog(logger: Logger, level: LogLevel): Log & { enabled(level: LogLevel): boolean } {
  const enabled = (wanted: LogLevel) => LOG_LEVELS.indexOf(wanted) >= LOG_LEVELS.indexOf(level) && level !== 'off';
  const log = (wanted: Exclude<LogLevel, 'off'>, message: string, data: Record<string, unknown>) => {
    if (enabled(wanted)) logger[wanted](`[@merchant-ordering/client] ${message}`, data);
  };
  return Object.assign(log, { enabled });
}
