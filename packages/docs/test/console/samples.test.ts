// The samples the console shows beside the form: the docs' own templates filled with what it sent.
// The curl, read by a real shell, sends exactly the console's request (mistakes included); the
// TypeScript passes the form's values to the client, type-checks under strict settings, and, pointed at
// a local sandbox, sends those values.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Sandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleState, type FormState } from '../../console/form-state';
import { mistakesFor } from '../../console/mistakes';
import { consoleOperations } from '../../console/operations';
import { buildRequest } from '../../console/request';
import { rewrittenSamples } from '../../console/samples';
import { exampleRequest, LANGUAGES, renderSample, sandboxServer } from '../../scripts/code-samples.mjs';
import { readSampleTemplates } from '../../scripts/sample-templates.mjs';
import { parseCurl, shellArguments } from '../support/curl';
import { recordingProxy } from '../support/http-exchange';
import { documentedOperations } from '../support/operations';
import { readDocsBundle, readSpec, testOutput } from '../support/paths';
import { startSampleSandbox } from '../support/sandbox-samples';
import { toJavaScript, typeCheck } from '../support/typescript';

const spec = readSpec();
const operations = consoleOperations(spec);
const templates = readSampleTemplates();
const PAGE_SANDBOX = 'http://127.0.0.1:8080/toolkit/sandbox';
const LOCAL = 'http://127.0.0.1:4010';
// Inside the package, so `@merchant-ordering/client` resolves from here as it does in a user's project.
const sampleDir = join(testOutput, 'console-samples');

function samplesFor(state: FormState, baseUrl: string, local?: string) {
  const operation = operations.find(({ operationId }) => operationId === state.operationId)!;
  const sent = buildRequest(operation, state, baseUrl);
  const samples = rewrittenSamples(spec, operation, state, sent, templates, local);
  return { sent, samples, curl: samples.curl!, TypeScript: samples.TypeScript! };
}

/** Every form worth showing: each operation's examples and each of its worked mistakes. */
const forms = operations.flatMap((operation) => [
  { name: `${operation.operationId} with its examples`, state: exampleState(spec, operation) },
  ...mistakesFor(spec, operation, 'page').map((mistake) => ({ name: `${operation.operationId}, ${mistake.label}`, state: mistake.state })),
]);

describe('the rewritten samples', () => {
  it("are the docs' samples, with the URL the request went to, for the examples sent to the page's sandbox", () => {
    const docs = documentedOperations(readDocsBundle());
    for (const operation of operations) {
      const { samples } = samplesFor(exampleState(spec, operation), PAGE_SANDBOX);
      const shown = docs.find(({ operationId }) => operationId === operation.operationId)!.samples;
      expect(Object.keys(samples)).toEqual(Object.keys(shown));
      for (const [label, source] of Object.entries(shown)) {
        expect(samples[label], `${operation.operationId} in ${label}`).toBe(label === 'curl' ? source.replace(sandboxServer(spec), PAGE_SANDBOX) : source);
      }
    }
  });

  it('are, for the examples sent to a local sandbox, the programs the generator matrix runs (one render function, same inputs)', () => {
    for (const operation of operations) {
      const { samples } = samplesFor(exampleState(spec, operation), LOCAL, LOCAL);
      for (const { label } of LANGUAGES as Array<{ label: string }>) {
        if (label === 'curl') continue;
        const matrix = renderSample(spec, label, operation.entry, templates, { ...exampleRequest(spec, operation.entry), localBaseUrl: LOCAL });
        expect(samples[label], `${operation.operationId} in ${label}`).toBe(matrix);
        expect(samples[label]).toContain(LOCAL);
      }
    }
  });

  it.each(forms)('give a curl that sends exactly what the console sent: $name', async ({ state }) => {
    const { sent, curl } = samplesFor(state, LOCAL, LOCAL);
    const request = parseCurl(await shellArguments(curl));
    expect({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers.filter(([name]) => name !== 'User-Agent')) }).toEqual(sent);
  });

  it('fill the TypeScript with the form: values typed as the client takes them, the credentials typed', () => {
    const listPayments = operations.find(({ operationId }) => operationId === 'listPayments')!;
    const state = exampleState(spec, listPayments);
    state.values.limit = ['5'];
    state.values.ascending = ['true'];
    state.values.statuses = ["it's"];
    state.credentials = { merchantId: '60032000', secretKey: "quote ' and \\ and\nnewline" };
    const { TypeScript } = samplesFor(state, LOCAL, LOCAL);
    expect(TypeScript).toContain('  limit: 5,\n');
    expect(TypeScript).toContain('  ascending: true,\n');
    expect(TypeScript).toContain("  statuses: ['it\\'s'],\n");
    expect(TypeScript).toContain("  secretKey: 'quote \\' and \\\\ and\\nnewline',\n");
    expect(TypeScript).toContain(`baseUrl: process.env.MERCHANT_API_BASE_URL ?? '${LOCAL}',`);
  });
});

describe('the rewritten TypeScript, run as a user would', () => {
  let sandbox: Sandbox;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  beforeAll(async () => {
    rmSync(sampleDir, { recursive: true, force: true });
    mkdirSync(sampleDir, { recursive: true });
    sandbox = await startSampleSandbox();
    proxy = await recordingProxy(sandbox.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });

  it('type-checks under strict settings for every form', () => {
    const files = forms.map(({ state }, index) => {
      const file = join(sampleDir, `form-${index}.ts`);
      writeFileSync(file, samplesFor(state, LOCAL, LOCAL).TypeScript);
      return file;
    });
    expect(typeCheck(files)).toBe('');
  });

  it('sends the form’s values to the local sandbox it was pointed at', async () => {
    const listPayments = operations.find(({ operationId }) => operationId === 'listPayments')!;
    const state = { ...exampleState(spec, listPayments), values: { limit: ['3'], statuses: ['APPROVED'], orderBy: ['id'] } };
    const { TypeScript } = samplesFor(state, proxy.url, proxy.url);
    const script = join(sampleDir, 'local.mjs');
    writeFileSync(script, toJavaScript(TypeScript, 'local.ts'));
    const env = { ...process.env };
    delete env.MERCHANT_API_BASE_URL; // the sample's own fallback is what is tested
    await promisify(execFile)(process.execPath, [script], { cwd: sampleDir, env, timeout: 30_000 });
    expect(proxy.exchanges.map(({ target, status }) => ({ target, status }))).toEqual([
      { target: '/v2/payments?limit=3&statuses=APPROVED&orderBy=id', status: 200 },
    ]);
  });
});
