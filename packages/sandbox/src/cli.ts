#!/usr/bin/env node
// The bin, `merchant-ordering-sandbox` (hosts/node/cli.ts).
import './hosts/node/cli.js';
