import type { ChildProcess, SpawnOptions } from 'node:child_process';
export function spawnNode(
  args: string[],
  options?: SpawnOptions,
): {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};
export function waitFor<T>(condition: () => T | Promise<T>, what: string, deadlineMs?: number): Promise<T>;
