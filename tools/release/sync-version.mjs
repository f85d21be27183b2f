#!/usr/bin/env node
// After `changeset version`: writes the client's package.json version into src/version.ts, which the
// User-Agent sends (a test keeps the two equal), so a release never ships a stale version string.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const clientDir = new URL('../../packages/client/', import.meta.url);
const { version } = JSON.parse(await readFile(new URL('package.json', clientDir), 'utf8'));
const file = fileURLToPath(new URL('src/version.ts', clientDir));
const source = await readFile(file, 'utf8');
const updated = source.replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`);
if (!updated.includes(`'${version}'`)) throw new Error(`${file} has no VERSION constant to update`);
await writeFile(file, updated);
console.log(`packages/client/src/version.ts: VERSION = '${version}'`);
