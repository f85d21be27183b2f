// What a signal means to the process: the first asks the command to stop cleanly (it saves what it has
// and says how to go on); a second, later, stops at once. A SIGINT or SIGTERM within SAME_KEYPRESS_MS of
// a first SIGINT is the same Ctrl+C: the terminal signals every process of the foreground group, and
// pnpm passes one on to the command as well (`pnpm run` a SIGINT; `pnpm cli`, a bin that pnpm runs as
// `pnpm exec` does, a SIGTERM).

export const SAME_KEYPRESS_MS = 500;

export type Decision = 'stop' | 'ignore' | 'exit';

export function interruptions(now: () => number = () => performance.now()): (signal: NodeJS.Signals) => Decision {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  return (signal) => {
    const at = now();
    if (!first) {
      first = { signal, at };
      return 'stop';
    }
    // pnpm run passes the SIGINT on; pnpm exec (a bin run as `pnpm <name>`) sends SIGTERM instead.
    return first.signal === 'SIGINT' && (signal === 'SIGINT' || signal === 'SIGTERM') && at - first.at < SAME_KEYPRESS_MS ? 'ignore' : 'exit';
  };
}
