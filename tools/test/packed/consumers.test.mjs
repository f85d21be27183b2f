// Consumer tests: the packed tarballs, never the workspace links, npm-installed into throwaway
// projects that type-check under strict and call the Prism mock (tools/release/consumers/). The
// second block breaks a copy of the client tarball to show these checks fail when a file is missing
// or an exports entry is wrong. (A wrong "types" target is not among them: TypeScript falls back to
// the .d.ts beside the "default" target, so tarballs.test.mjs checks every exports target instead.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkConsumer } from '../../release/consumer-projects.mjs';
import { packVariant } from '../../release/pack.mjs';
import { readTarball } from '@merchant-ordering/test-kit/tarball';
import { typescriptsUnderTest } from '../../typescripts/typescripts.mjs';
import { CLIENT, packForTest } from '../helpers/packed.mjs';

const prismUrl = inject('prismUrl');
// npm install, tsc and a run per project; generous because the 2-core machine runs other test files
// at the same time. A bound on the runner, not an assertion.
const PROJECT_TIMEOUT = 180_000;

let release;
beforeAll(async () => {
  release = await packForTest();
}, PROJECT_TIMEOUT);
afterAll(() => release?.cleanUp());

/** Runs a consumer project in its own folder; resolves to the JSON line its program printed last. */
async function consumerWith(name, tarballs = release.tarballs, folder = 'good', tsc = undefined) {
  const parent = join(release.work, folder);
  mkdirSync(parent, { recursive: true });
  const output = await checkConsumer(name, { tarballs, parent, prismUrl, tsc });
  return JSON.parse(output.trim().split('\n').at(-1));
}

// `pnpm test` checks with the workspace's TypeScript; `pnpm test:typescript` with every supported major.
describe.each(typescriptsUnderTest().map((typescript) => [typescript.version, typescript]))(
  'a fresh project using the packed tarballs, checked by TypeScript %s',
  (version, { tsc }) => {
    const consumerResult = (name) => consumerWith(name, release.tarballs, `good-${version}`, tsc);

    it(
      'ESM TypeScript with moduleResolution nodenext type-checks under strict, loads every client export and lists payments from the mock',
      async () => {
        const result = await consumerResult('esm-nodenext');
        expect(result).toMatchObject({ consumer: 'esm-nodenext', firstId: expect.any(String) });
        expect(result.payments).toBeGreaterThan(0);
      },
      PROJECT_TIMEOUT,
    );

    it(
      'ESM TypeScript with moduleResolution bundler (no @types/node) type-checks under strict, bundles with esbuild and reads the configuration from the mock',
      async () => {
        const result = await consumerResult('esm-bundler');
        expect(result).toMatchObject({ consumer: 'esm-bundler', status: 401, maximumAmount: { amount: expect.any(String) } });
      },
      PROJECT_TIMEOUT,
    );

    it(
      'plain CommonJS require()s the client, type-checks with checkJs under strict and lists payments from the mock',
      async () => {
        const result = await consumerResult('cjs-require');
        expect(result).toMatchObject({ consumer: 'cjs-require', version: release.packed[CLIENT].version });
        expect(result.payments).toBeGreaterThan(0);
      },
      PROJECT_TIMEOUT,
    );

    it(
      'the spec package reads the same as JSON and as YAML, its auth vectors match the client and the mock answers a documented example',
      async () => {
        const result = await consumerResult('spec-json-yaml');
        expect(result).toMatchObject({ consumer: 'spec-json-yaml', operations: 3 });
        expect(result.authVectors).toBeGreaterThan(0);
      },
      PROJECT_TIMEOUT,
    );
  },
);

describe('a broken client tarball fails the consumer check', () => {
  /** A module dist/index.js imports, errors.js when it is one. */
  function importedModule() {
    const entry = readTarball(release.tarballs[CLIENT]).get('dist/index.js').toString('utf8');
    const imported = [...entry.matchAll(/from '\.\/([\w./-]+\.js)'/g)].map((match) => `dist/${match[1]}`);
    return imported.includes('dist/errors.js') ? 'dist/errors.js' : imported[0];
  }

  it(
    'packed with a "files" list that leaves out a module the entry imports (dist/errors.js), the nodenext project fails when run',
    async () => {
      const missing = importedModule();
      const files = [...readTarball(release.tarballs[CLIENT]).keys()].filter((path) => path.startsWith('dist/') && path !== missing);
      const variant = await packVariant(release.tarballs[CLIENT], release.work, 'missing-file', (manifest) => ({ ...manifest, files }));
      expect(readTarball(variant.tarball).has(missing)).toBe(false);

      const run = consumerWith('esm-nodenext', { ...release.tarballs, [CLIENT]: variant.tarball }, 'missing-file');
      await expect(run).rejects.toThrow(/node dist\/main\.js failed[\s\S]*ERR_MODULE_NOT_FOUND/);
      await expect(run).rejects.toThrow(missing.slice('dist/'.length));
    },
    PROJECT_TIMEOUT,
  );

  it(
    'with exports "." pointing its default at a file that is not there, the nodenext project fails when run',
    async () => {
      const variant = await packVariant(release.tarballs[CLIENT], release.work, 'wrong-default', (manifest) => ({
        ...manifest,
        exports: { ...manifest.exports, '.': { ...manifest.exports['.'], default: './dist/main.js' } },
      }));

      const run = consumerWith('esm-nodenext', { ...release.tarballs, [CLIENT]: variant.tarball }, 'wrong-default');
      await expect(run).rejects.toThrow(/node dist\/main\.js failed[\s\S]*dist\/main\.js/);
    },
    PROJECT_TIMEOUT,
  );

  it(
    'packed without the declaration file of that module (dist/errors.d.ts), the nodenext project fails to type-check',
    async () => {
      const missing = importedModule().replace(/\.js$/, '.d.ts');
      const files = [...readTarball(release.tarballs[CLIENT]).keys()].filter((path) => path.startsWith('dist/') && path !== missing);
      const variant = await packVariant(release.tarballs[CLIENT], release.work, 'missing-declaration', (manifest) => ({ ...manifest, files }));
      expect(readTarball(variant.tarball).has(missing)).toBe(false);

      const run = consumerWith('esm-nodenext', { ...release.tarballs, [CLIENT]: variant.tarball }, 'missing-declaration');
      await expect(run).rejects.toThrow(/tsc \(strict\) failed/);
      await expect(run).rejects.toThrow(missing.slice('dist/'.length).replace(/\.d\.ts$/, ''));
    },
    PROJECT_TIMEOUT,
  );
});
