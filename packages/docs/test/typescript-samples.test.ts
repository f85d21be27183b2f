// Every TypeScript sample on the site type-checks against the client's published types under strict
// settings, and runs against the sandbox (@merchant-ordering/sandbox, which checks credentials and
// the query as the service does) through the MERCHANT_API_BASE_URL the sample itself reads. A
// recording proxy in between keeps what the sandbox answered, and that answer must be the one the
// description promises. So a sample cannot rot when the client or the description changes.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Sandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORKED_EXAMPLE } from '../scripts/code-samples.mjs';
import { recordingProxy } from './support/http-exchange';
import { documentedOperations } from './support/operations';
import { packageDir, readDocsBundle, testOutput } from './support/paths';
import { sampleProblems, sampleQuery } from './support/sample-check';
import { listQueryFor, samplesWithQuery, startSampleSandbox } from './support/sandbox-samples';
import { toJavaScript, typeCheck } from './support/typescript';

const docs = readDocsBundle();
const operations = documentedOperations(docs);
// Inside the package, so `@merchant-ordering/client` resolves from here as it does in a user's project.
const sampleDir = join(testOutput, 'typescript-samples');
const listPayments = { method: 'GET', path: '/v2/payments' };

let sandbox: Sandbox;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let sandboxQuery: ReturnType<typeof listQueryFor>;
beforeAll(async () => {
  const resolveHere = createRequire(join(packageDir, 'package.json')).resolve;
  if (!existsSync(join(resolveHere('@merchant-ordering/client/package.json'), '../dist/index.js'))) {
    throw new Error('the client has no dist/: run `pnpm --filter @merchant-ordering/client build`');
  }
  rmSync(sampleDir, { recursive: true, force: true });
  mkdirSync(sampleDir, { recursive: true });
  for (const { operationId, samples } of operations) {
    writeFileSync(join(sampleDir, `${operationId}.ts`), samples.TypeScript as string);
  }
  sandbox = await startSampleSandbox();
  proxy = await recordingProxy(sandbox.url);
  sandboxQuery = listQueryFor(sandbox.payments());
  const withSandboxValues = samplesWithQuery(docs, listPayments.method, listPayments.path, sandboxQuery.query);
  writeFileSync(join(sampleDir, 'listPayments-sandbox-values.ts'), withSandboxValues.TypeScript as string);
});
beforeEach(() => {
  proxy.exchanges.length = 0;
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

/** Runs a sample as a user would (`node` on the compiled file); resolves to its exit, output and the one exchange it made. */
async function run(name: string, source: string) {
  const script = join(sampleDir, `${name}.mjs`);
  writeFileSync(script, toJavaScript(source, `${name}.ts`));
  const result = await promisify(execFile)(process.execPath, [script], {
    cwd: sampleDir,
    env: { ...process.env, MERCHANT_API_BASE_URL: proxy.url },
    timeout: 30_000,
  }).catch((error) => error);
  const code: number = result.code ?? 0;
  const report = `exit ${code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
  expect(proxy.exchanges.length, `one request per sample\n${report}`).toBe(1);
  return { code, stdout: result.stdout as string, report, exchange: proxy.exchanges[0] };
}

describe('the TypeScript samples', () => {
  it('type-check against the client under strict settings, with the values of the sandbox too', () => {
    const files = [...operations.map(({ operationId }) => operationId), 'listPayments-sandbox-values'].map((name) => join(sampleDir, `${name}.ts`));
    expect(typeCheck(files)).toBe('');
  });
});

describe.each(operations)('the TypeScript sample of $operationId', ({ operationId, method, path, samples }) => {
  it(`gets the promised answer to ${method} ${path}, and prints it`, async () => {
    const { code, stdout, report, exchange } = await run(operationId, samples.TypeScript as string);
    expect(sampleProblems(docs, { method, path, query: sampleQuery(docs, method, path) }, exchange), report).toEqual([]);
    // The client throws on any answer other than the documented one, so the sample exits cleanly.
    expect(code, report).toBe(0);
    for (const expected of printed(exchange!.headers['content-type'], exchange!.body, operationId)) {
      expect(stdout, report).toContain(expected);
    }
  });
});

// The operations that need credentials (Ping needs none, though its sample builds the same client).
const withCredentials = operations.filter(({ samples }) => (samples.curl as string).includes('Authorization'));
describe.each(withCredentials)('the TypeScript sample of $operationId, with another Secret Key', ({ operationId, method, path, samples }) => {
  it('fails the check: the sandbox answers 401 and the sample exits with an error', async () => {
    const sample = samples.TypeScript as string;
    const broken = sample.replace(`secretKey: '${WORKED_EXAMPLE.secretKey}'`, "secretKey: 'wrong-key'");
    expect(broken).not.toBe(sample);
    const { code, exchange } = await run(`${operationId}-wrong-key`, broken);
    expect(sampleProblems(docs, { method, path, query: sampleQuery(docs, method, path) }, exchange)).toContain('status 401, the description promises 200');
    expect(code).not.toBe(0);
  });
});

describe('the List Payments TypeScript sample, with filter values the sandbox holds', () => {
  it('returns exactly the payments its filters select, including references with +, & and unicode', async () => {
    const { query, ids } = sandboxQuery;
    const source = samplesWithQuery(docs, listPayments.method, listPayments.path, query).TypeScript as string;
    const { code, report, exchange } = await run('listPayments-sandbox-values', source);
    expect(sampleProblems(docs, { ...listPayments, query }, exchange), report).toEqual([]);
    expect(code, report).toBe(0);
    const page = JSON.parse(exchange!.body);
    expect(page.results.map(({ id }: { id: string }) => id).sort()).toEqual([...ids].sort());
    expect(page.totalResults).toBe(ids.length);
  });
});

/** What the sample prints: the top-level fields of a JSON answer (as console.log shows them), or its confirmation line. */
function printed(contentType: string | undefined, body: string, operationId: string): string[] {
  if (contentType?.startsWith('application/json')) return Object.keys(JSON.parse(body)).map((field) => `${field}:`);
  const { summary } = operations.find((operation) => operation.operationId === operationId)!;
  return [`${summary}: OK`];
}
