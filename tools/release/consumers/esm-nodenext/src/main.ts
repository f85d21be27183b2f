// A Node ESM app (moduleResolution nodenext) using the client and the types package from their tarballs.
import assert from 'node:assert/strict';
import { createClient, ValidationError, type Payment } from '@merchant-ordering/client';
import type { components } from '@merchant-ordering/types';
import { entries } from './exports-probe.js';

const baseUrl = process.env['PRISM_URL'];
assert.ok(baseUrl, 'PRISM_URL is not set');

// Every subpath in the client's exports loads and has exports.
for (const [subpath, namespace] of Object.entries(entries)) {
  assert.ok(Object.keys(namespace).length > 0, `@merchant-ordering/client${subpath.slice(1)} exports nothing`);
}

const client = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl, retries: 0 });
await client.ping();
const page = await client.listPayments({ limit: 20, statuses: ['APPROVED', 'DECLINED'] });
// The client's Payment and the types package's Payment are the same shape.
const payments: components['schemas']['Payment'][] = page.results;
const first: Payment | undefined = payments[0];
assert.ok(first, 'the mock returned no payments');

await assert.rejects(client.listPayments({ limit: 0 }), ValidationError);

// The types are precise, not `any`: a wrong argument does not compile.
export function neverCalled(): void {
  // @ts-expect-error limit is a number
  void client.listPayments({ limit: 'twenty' });
}

console.log(JSON.stringify({ consumer: 'esm-nodenext', payments: payments.length, firstId: first.id }));
