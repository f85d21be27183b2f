#!/usr/bin/env node
// The `merchant-ordering` process. The command runs in a worker thread of this process whose young
// generation is capped: V8 otherwise keeps doubling it while a long export's pages in flight survive
// collections, and the process's memory would grow by a hundred MB on Node 24 with nothing more held.
// A thread's resource limits are the supported way for a program to set its own; the process stays one
// process, so a kill stops all of it. This thread forwards the output, turns Ctrl+C and SIGTERM into a
// clean stop (the command saves what it has, then exits 130 or 143) and a second Ctrl+C into an
// immediate one (not one within 500 ms: the same keypress passed on by pnpm, see interruptions.ts),
// and ends quietly when the reader of stdout goes away (`| head`).
import { Worker } from 'node:worker_threads';
import type { ThreadData } from './command-thread.js';
import { interruptions } from './interruptions.js';

/** Three 16 MB semi-spaces' worth: the young generation V8 starts a process with, kept. */
const YOUNG_GENERATION_MB = 48;

let stopCode: number | undefined;
// EPIPE: whoever read stdout has gone; there is no one left to tell.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`merchant-ordering: cannot write to stdout (${error.code ?? error.message})\n`);
  process.exit(error.code === 'EPIPE' ? (stopCode ?? 0) : 1);
});

const terminal = (stream: NodeJS.WriteStream) => ({ isTTY: stream.isTTY === true, columns: stream.columns });
const workerData: ThreadData = { argv: process.argv.slice(2), stdout: terminal(process.stdout), stderr: terminal(process.stderr) };
const command = new Worker(new URL('./command-thread.js', import.meta.url), {
  workerData,
  stdout: true,
  stderr: true,
  resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
});
command.stdout.pipe(process.stdout);
command.stderr.pipe(process.stderr);

const decide = interruptions();
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.on(signal, () => {
    const decision = decide(signal);
    if (decision === 'exit') process.exit(stopCode); // asked again: the checkpoint on disk is already consistent
    if (decision === 'stop') {
      stopCode = code;
      command.postMessage({ stop: signal });
    }
  });
}

command.on('error', (error) => {
  process.stderr.write(`merchant-ordering: unexpected error: ${error.message.split('\n')[0]}\n`);
  process.exitCode = 1;
});
command.on('exit', (code) => {
  // An interrupted command reports 130; SIGTERM and SIGHUP keep their own conventional codes.
  process.exitCode ??= code === 130 && stopCode !== undefined ? stopCode : code;
});
