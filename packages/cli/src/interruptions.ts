// What a signal means to the process: the first asks the command to stop cleanly (it saves what it has
// and says how to go on); a second stops at once. One Ctrl+C can arrive twice: the terminal signals every
// process of the foreground group, and pnpm passes one on to the command as well. `pnpm cli` (a bin that
// pnpm runs as `pnpm exec` does) passes a SIGTERM: the first SIGTERM after a SIGINT is that one, however
// late a loaded machine delivers it. `pnpm run` passes a SIGINT, which only its timing tells from a
// second keypress: within SAME_KEYPRESS_MS of the first, it is the same Ctrl+C.

export const SAME_KEYPRESS_MS = 500;

export type Decision = 'stop' | 'ignore' | 'exit';

export function interruptions(now: () => number = () => performance.now()): (signal: NodeJS.Signals) => Decision {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  let forwardedTerm = false;
  return (signal) => {
    const at = now();
    if (!first) {
      first = { signal, at };
      return 'stop';
    }
    if (first.signal !== 'SIGINT') return 'exit';
    if (signal === 'SIGTERM' && !forwardedTerm) {
      forwardedTerm = true;
      return 'ignore';
    }
    return signal === 'SIGINT' && at - first.at < SAME_KEYPRESS_MS ? 'ignore' : 'exit';
  };
}
