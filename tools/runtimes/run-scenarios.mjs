// Runs every scenario (scenarios/) against the sandbox at $SANDBOX_URL, with the credentials in
// $SANDBOX_MERCHANT_ID and $SANDBOX_SECRET_KEY, in whatever runtime starts this file (Node, Bun or
// Deno), one after another. With $EQUIVALENCE_FILE it also runs the sandbox's engine in this runtime:
// the same scenarios with the client on an in-process sandbox (packages/sandbox/dist/fetch.js) as its
// fetch, and the equivalence set through it, compared with the node:http host's answers in the file.
// It prints one line the matrix reads:
//   MATRIX-RESULT {"runtime","version","results":[{"name","passed","error"?}]}
// Plain ESM with no runtime-specific imports, like the scenarios.
import { readFileSync } from 'node:fs';
// The test kit's comparison by path, not by package name: Bun, Deno and Node all resolve a relative import alike.
import { equivalenceResults } from '../../test-kit/lib/equivalence.js';
import { IN_PROCESS, listScenarios } from './scenarios/index.mjs';

const { SANDBOX_URL: baseUrl, SANDBOX_MERCHANT_ID: merchantId, SANDBOX_SECRET_KEY: secretKey, EQUIVALENCE_FILE: equivalenceFile } = process.env;
if (!baseUrl || !merchantId || !secretKey) throw new Error('SANDBOX_URL, SANDBOX_MERCHANT_ID and SANDBOX_SECRET_KEY must be set');

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const version = globalThis.Deno?.version.deno ?? globalThis.Bun?.version ?? process.versions.node;

const results = [];
const runAll = async (scenarios) => {
  for (const scenario of scenarios) {
    try {
      await scenario.run();
      results.push({ name: scenario.name, passed: true });
    } catch (error) {
      results.push({ name: scenario.name, passed: false, error: String(error?.stack ?? error) });
    }
  }
};

await runAll(listScenarios({ baseUrl, credentials: { merchantId, secretKey } }));
if (equivalenceFile) {
  const { createSandbox } = await import('../../packages/sandbox/dist/fetch.js');
  const sandbox = await createSandbox();
  await runAll(
    listScenarios({ baseUrl: 'https://global-api-sandbox.afterpay.com', credentials: sandbox.credentials, fetch: sandbox.fetch }, { prefix: IN_PROCESS }),
  );
  await sandbox.close();
  const { groups, reference } = JSON.parse(readFileSync(equivalenceFile, 'utf8'));
  results.push(...(await equivalenceResults(createSandbox, groups, reference)));
}
console.log(`MATRIX-RESULT ${JSON.stringify({ runtime, version, results })}`);
// Exit once reported rather than when the event loop drains: on Deno 2.9.6 a request aborted by a
// deadline on a reused keep-alive socket leaves that socket open, and the sandbox holds a stalled
// connection until it closes, so the runtime would otherwise never end.
process.exit(0);
