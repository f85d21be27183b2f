#!/usr/bin/env node
// `pnpm cli`: builds the CLI, then becomes its bin with the same arguments (the bin answers --help,
// --version and a bad flag itself).
import { buildThenExec } from './build-then-exec.mjs';

buildThenExec(['build', '--filter=@merchant-ordering/cli', '--output-logs=errors-only'], 'packages/cli/bin/merchant-ordering.js', process.argv.slice(2));
