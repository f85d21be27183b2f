// Plain CommonJS: require() of the ESM-only client (Node >= 20.19 require(esm)), type-checked with checkJs.
const assert = require('node:assert/strict');
const { createClient, ValidationError, VERSION } = require('@merchant-ordering/client');

async function main() {
  const baseUrl = process.env.PRISM_URL;
  assert.ok(baseUrl, 'PRISM_URL is not set');
  const client = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl, retries: 0 });
  await client.ping();
  const page = await client.listPayments({ limit: 20 });
  assert.ok(page.results.length > 0, 'the mock returned no payments');
  assert.throws(() => createClient({ merchantId: '', secretKey: 'abcdefgh', baseUrl }), ValidationError);
  console.log(JSON.stringify({ consumer: 'cjs-require', version: VERSION, payments: page.results.length }));
}

// The types reach CommonJS too, and are precise: a wrong argument does not type-check.
function neverCalled() {
  const client = createClient({ merchantId: '32', secretKey: 'abcdefgh', environment: 'sandbox' });
  // @ts-expect-error limit is a number
  return client.listPayments({ limit: 'twenty' });
}
module.exports = { neverCalled };

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
