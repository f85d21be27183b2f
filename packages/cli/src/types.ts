// The public shapes of run()'s options: structural, so the published declarations need no @types/node
// and no DOM library. process.stdout and process.stderr fit.

/** What the CLI needs of an output stream. */
export interface OutputStream {
  write(chunk: string): boolean;
  once(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** The environment: credentials, XDG_CONFIG_HOME, HOME, NO_COLOR, TERM. */
  env: Record<string, string | undefined>;
}
