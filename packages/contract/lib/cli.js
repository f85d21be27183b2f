#!/usr/bin/env node
// merchant-ordering-contract: the process around the commands (runProcess in lib/commands.js). Exit 0:
// conforms (or --help, --version); 1: violations or breaking changes; 2: could not run, in one line on stderr.
import { runProcess } from './commands.js';

await runProcess(process, console);
