#!/usr/bin/env node
// `pnpm sandbox`: answers --help, --version and a bad flag at once, from the sandbox's own flag table
// (packages/sandbox/src/hosts/node/options.js, which runs unbuilt), and only then builds the sandbox and becomes
// its bin, with the same arguments.
import { answerWithoutRunning, readCommandLine } from '../packages/sandbox/src/hosts/node/options.js';
import { buildThenExec } from './build-then-exec.mjs';

const args = process.argv.slice(2);
const line = readCommandLine(args);
if (line.kind !== 'run') process.exit(answerWithoutRunning(line));
buildThenExec(['build', '--filter=@merchant-ordering/sandbox', '--output-logs=errors-only'], 'packages/sandbox/dist/cli.js', args);
