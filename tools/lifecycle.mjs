// How a long-running command of ours (`pnpm start`) ends: on SIGINT (Ctrl+C), SIGTERM or SIGHUP, and
// when it is orphaned. pnpm 10 exits on SIGTERM without passing it on, so a server started through
// `pnpm start` would otherwise keep serving after its pnpm is gone; we notice because our parent
// process changes (we are re-parented to init or a subreaper).

/**
 * Calls `onOrphaned` once when this process's parent goes away. Polls `process.ppid`; the timer does
 * not keep the process alive by itself.
 * @returns {() => void} stops watching
 */
export function watchForOrphaning(onOrphaned, { intervalMs = 250 } = {}) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

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
  watchForOrphaning(end);
}
