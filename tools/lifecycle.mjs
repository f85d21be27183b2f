// How a long-running command of ours (`pnpm start`) ends: on SIGINT (Ctrl+C), SIGTERM or SIGHUP, and
// when it is orphaned. pnpm 10 exits on SIGTERM without passing it on, so a server started through
// `pnpm start` would otherwise keep serving after its pnpm is gone; the sandbox's orphan watcher
// notices that our parent process changed.
import { exitWhenOrphaned } from '@merchant-ordering/sandbox';

/**
 * Runs `stop` once on the first of SIGINT, SIGTERM, SIGHUP or orphaning, then exits 0: being asked
 * to stop is the normal end of a server, and a non-zero code would make pnpm print ELIFECYCLE.
 * A `stop` that fails or hangs past `graceMs` still ends the process, with code 1.
 */
export function stopOnSignalsOrOrphaning(stop, { graceMs = 5000 } = {}) {
  let stopping = false;
  const end = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), graceMs);
    Promise.resolve()
      .then(stop)
      .then(
        () => process.exit(0),
        (error) => {
          console.error(`Stopping failed: ${error?.message ?? error}`);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, end);
  exitWhenOrphaned(end, { intervalMs: 250 });
}
