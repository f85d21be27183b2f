#!/usr/bin/env node
// The bin, `merchant-ordering-sandbox` (hosts/node/cli.ts).
import { runCommandLine } from './hosts/node/cli.js';
import { exitWhenOrphaned } from './hosts/node/orphan-watch.js';

void runCommandLine(process, console, exitWhenOrphaned);
