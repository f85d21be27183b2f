// pnpm 10 exits on SIGTERM without passing it on to the script it started, so a server started by
// `pnpm sandbox` would outlive it. The only sign is that the process's parent changes (it is
// re-parented to init or a subreaper), so poll process.ppid. The timer is unref'd: it never keeps
// the process alive by itself.

/**
 * Calls `onOrphaned` (by default: exit) once the parent process has gone. Returns a function that
 * stops watching.
 */
export function exitWhenOrphaned(onOrphaned: () => void = () => process.exit(0), { intervalMs = 500 }: { intervalMs?: number } = {}): () => void {
  return watchParent(() => process.ppid, onOrphaned, intervalMs);
}

/** Calls `onChange` once `parentPid()` differs from its first answer, polled every `intervalMs`. */
export function watchParent(parentPid: () => number, onChange: () => void, intervalMs: number): () => void {
  const parent = parentPid();
  const timer = setInterval(() => {
    if (parentPid() === parent) return;
    clearInterval(timer);
    onChange();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
