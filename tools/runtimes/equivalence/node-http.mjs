// The node:http side of the equivalence set (Node only): the reference answers every other host is
// compared with, sent raw (the test kit's sendRaw), and the set itself, bundled from the sandbox's
// tests (they define it in TypeScript).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sendRaw } from '@merchant-ordering/test-kit/raw-http';
import { normalise, targetFor } from '@merchant-ordering/test-kit/equivalence';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A group's answers from a fresh node:http sandbox: the reference.
 * @param {(options: object) => Promise<{ url: string, close: () => Promise<void> }>} startSandbox
 * @param {import('@merchant-ordering/test-kit/equivalence').EquivalenceGroup} group
 */
export async function nodeHttpAnswers(startSandbox, group) {
  const sandbox = await startSandbox(group.options);
  try {
    const observed = [];
    for (const entry of group.requests) {
      const answer = await sendRaw(sandbox.url, { ...entry, target: targetFor(entry, sandbox.url) });
      observed.push(normalise(answer.status, answer.headers, answer.body));
    }
    return observed;
  } finally {
    await sandbox.close();
  }
}

/**
 * The equivalence set as plain data, from packages/sandbox/test/equivalence/requests.ts, bundled with
 * the workspace's esbuild into the sandbox's test-output/ (where its imports still resolve).
 * @returns {Promise<import('@merchant-ordering/test-kit/equivalence').EquivalenceGroup[]>}
 */
export async function loadEquivalenceGroups() {
  const esbuild = createRequire(join(repoRoot, 'tools/package.json'))('esbuild');
  const outfile = join(repoRoot, 'packages/sandbox/test-output/equivalence-set.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  await esbuild.build({
    entryPoints: [join(repoRoot, 'packages/sandbox/test/equivalence/requests.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile,
    logLevel: 'silent',
  });
  const { EQUIVALENCE_GROUPS } = await import(`${pathToFileURL(outfile).href}?${Date.now()}`);
  return JSON.parse(JSON.stringify(EQUIVALENCE_GROUPS));
}
