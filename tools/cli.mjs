#!/usr/bin/env node
// `pnpm cli`: builds the CLI, then becomes its bin with the same arguments (the bin answers --help,
// --version and a bad flag itself). A bin of @merchant-ordering/tools (a devDependency of the root), not a
// root script: pnpm prints `> merchant-ordering@ cli …` on stdout before a script, never before a bin, so
// `pnpm cli payments list --sandbox | jq .` gets JSON only.
import { buildThenExec } from './build-then-exec.mjs';

buildThenExec(['build', '--filter=@merchant-ordering/cli', '--output-logs=errors-only'], 'packages/cli/bin/merchant-ordering.js', process.argv.slice(2));
