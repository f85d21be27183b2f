// Runs every scenario (scenarios/) against the sandbox at $SANDBOX_URL, with the credentials in
// $SANDBOX_MERCHANT_ID and $SANDBOX_SECRET_KEY, in whatever runtime starts this file (Node, Bun or
// Deno), one after another, and prints one line the matrix reads:
//   MATRIX-RESULT {"runtime","version","results":[{"name","passed","error"?}]}
// Plain ESM with no runtime-specific imports, like the scenarios.
import { listScenarios } from './scenarios/index.mjs';

const { SANDBOX_URL: baseUrl, SANDBOX_MERCHANT_ID: merchantId, SANDBOX_SECRET_KEY: secretKey } = process.env;
if (!baseUrl || !merchantId || !secretKey) throw new Error('SANDBOX_URL, SANDBOX_MERCHANT_ID and SANDBOX_SECRET_KEY must be set');

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const version = globalThis.Deno?.version.deno ?? globalThis.Bun?.version ?? process.versions.node;

const results = [];
for (const scenario of listScenarios({ baseUrl, credentials: { merchantId, secretKey } })) {
  try {
    await scenario.run();
    results.push({ name: scenario.name, passed: true });
  } catch (error) {
    results.push({ name: scenario.name, passed: false, error: String(error?.stack ?? error) });
  }
}
console.log(`MATRIX-RESULT ${JSON.stringify({ runtime, version, results })}`);
// Exit once reported rather than when the event loop drains: on Deno 2.9.6 a request aborted by a
// deadline on a reused keep-alive socket leaves that socket open, and the sandbox holds a stalled
// connection until it closes, so the runtime would otherwise never end.
process.exit(0);
