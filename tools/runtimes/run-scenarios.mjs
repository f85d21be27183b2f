// Runs every consumer scenario against the mock at $PRISM_URL in whatever runtime starts this file
// (Node, Bun or Deno), one after another, and prints one line the matrix reads:
//   MATRIX-RESULT {"runtime","version","results":[{"name","passed","error"?}]}
// Plain ESM with no runtime-specific imports, like the scenarios.
import { createScenarioContext } from '../test/consumer/scenario-context.mjs';
import { listScenarios } from '../test/consumer/scenarios/index.mjs';

const baseUrl = process.env.PRISM_URL;
if (!baseUrl) throw new Error('PRISM_URL is not set');

const runtime = globalThis.Deno ? 'deno' : globalThis.Bun ? 'bun' : 'node';
const version = globalThis.Deno?.version.deno ?? globalThis.Bun?.version ?? process.versions.node;

const results = [];
for (const scenario of listScenarios(createScenarioContext(baseUrl))) {
  try {
    await scenario.run();
    results.push({ name: scenario.name, passed: true });
  } catch (error) {
    results.push({ name: scenario.name, passed: false, error: String(error?.stack ?? error) });
  }
}
console.log(`MATRIX-RESULT ${JSON.stringify({ runtime, version, results })}`);
