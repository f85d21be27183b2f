// Every TypeScript sample on the site type-checks against the client's published types under strict
// settings, and runs against the Prism mock through the MERCHANT_API_BASE_URL the sample itself reads.
// So a sample cannot rot when the client or the description changes.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startPrism } from '@merchant-ordering/tools/mock/prism.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRef } from '../scripts/code-samples.mjs';
import { documentedOperations } from './support/operations';
import { packageDir, readDocsBundle, testOutput } from './support/paths';
import { toJavaScript, typeCheck } from './support/typescript';

const docs = readDocsBundle();
const operations = documentedOperations(docs);
// Inside the package, so `@merchant-ordering/client` resolves from here as it does in a user's project.
const sampleDir = join(testOutput, 'typescript-samples');

let mock: { url: string; stop: () => Promise<void> };
beforeAll(async () => {
  const resolveHere = createRequire(join(packageDir, 'package.json')).resolve;
  if (!existsSync(join(resolveHere('@merchant-ordering/client/package.json'), '../dist/index.js'))) {
    throw new Error('the client has no dist/: run `pnpm --filter @merchant-ordering/client build`');
  }
  rmSync(sampleDir, { recursive: true, force: true });
  mkdirSync(sampleDir, { recursive: true });
  for (const { operationId, samples } of operations) {
    writeFileSync(join(sampleDir, `${operationId}.ts`), samples.TypeScript);
  }
  mock = await startPrism();
});
afterAll(async () => {
  await mock?.stop();
});

describe('the TypeScript samples', () => {
  it('type-check against the client under strict settings', () => {
    const files = operations.map(({ operationId }) => join(sampleDir, `${operationId}.ts`));
    expect(typeCheck(files)).toBe('');
  });
});

describe.each(operations)('the TypeScript sample of $operationId', ({ operationId, method, path, samples }) => {
  it(`runs against the mock and prints what ${method} ${path} answers`, async () => {
    const script = join(sampleDir, `${operationId}.mjs`);
    writeFileSync(script, toJavaScript(samples.TypeScript, `${operationId}.ts`));

    const run = await promisify(execFile)(process.execPath, [script], {
      cwd: sampleDir,
      env: { ...process.env, MERCHANT_API_BASE_URL: mock.url },
      timeout: 30_000,
    }).catch((error) => error);

    const report = `exit ${run.code ?? 0}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
    // The client throws on any non-2xx answer, so a clean exit means the mock accepted the request.
    expect(run.code ?? 0, report).toBe(0);
    for (const expected of expectedOutput(method, path)) expect(run.stdout, report).toContain(expected);
  });
});

/**
 * What the sample prints: for a JSON answer, the top-level fields of the example the mock answers
 * with (Prism uses the first named example); otherwise the sample's own confirmation line.
 */
function expectedOutput(method: string, path: string): string[] {
  const operation = docs.paths[path][method.toLowerCase()];
  const [status] = Object.keys(operation.responses).filter((code) => code.startsWith('2'));
  const content = resolveRef(docs, operation.responses[status as string]).content;
  const json = content['application/json'];
  if (!json) return [`${operation.summary}: OK`];
  const [example] = Object.values(json.examples ?? {});
  const body = resolveRef(docs, example).value;
  return Object.keys(body).map((field) => `${field}:`);
}
