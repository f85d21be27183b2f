#!/usr/bin/env node
// The `merchant-ordering` process: runs the command line, turns Ctrl+C and SIGTERM into a clean stop
// (the command saves what it has, then exits 130 or 143), and a second Ctrl+C into an immediate one.
// A reader that goes away (`| head`) ends the command quietly.
import { runCli } from './run.js';

const controller = new AbortController();
let stopCode: number | undefined;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.on(signal, () => {
    if (stopCode !== undefined) process.exit(stopCode); // asked twice: the checkpoint on disk is already consistent
    stopCode = code;
    controller.abort(new Error(`${signal} received`));
  });
}
// EPIPE: whoever read stdout has gone; there is no one left to tell.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') process.stderr.write(`merchant-ordering: cannot write to stdout (${error.code ?? error.message})\n`);
  process.exit(error.code === 'EPIPE' ? (stopCode ?? 0) : 1);
});

const code = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }, controller.signal);
// An interrupted command reports 130; SIGTERM and SIGHUP keep their own conventional codes.
process.exitCode = code === 130 && stopCode !== undefined ? stopCode : code;
