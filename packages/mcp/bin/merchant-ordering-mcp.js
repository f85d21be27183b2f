#!/usr/bin/env node
// A committed launcher, so the bin exists before the first build and pnpm links it without a warning.
import '../dist/main.js';
