#!/usr/bin/env node
// merchant-ordering-contract: the process around the commands (lib/commands.js), which print through
// console and set the exit code. Exit 0: conforms (or --help, --version); 1: violations or breaking
// changes; 2: could not run, in one line on stderr.
import { runCommand } from './commands.js';

process.exitCode = await runCommand(process.argv.slice(2), {
  out: (/** @type {string} */ text) => console.log(text),
  err: (/** @type {string} */ text) => console.error(text),
});
