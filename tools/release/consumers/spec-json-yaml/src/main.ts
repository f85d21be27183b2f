// A team reading the description and the vectors from the spec package, as JSON and as YAML, and
// checking the client against them on the mock.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@merchant-ordering/client';
import bundled from '@merchant-ordering/spec/openapi.json' with { type: 'json' };
import dereferenced from '@merchant-ordering/spec/openapi.dereferenced.json' with { type: 'json' };
import authVectors from '@merchant-ordering/spec/vectors/auth.json' with { type: 'json' };
import { parse } from 'yaml';

const baseUrl = process.env['PRISM_URL'];
assert.ok(baseUrl, 'PRISM_URL is not set');

function readYaml(specifier: string): unknown {
  return parse(readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8'));
}

// The YAML and JSON files are the same document.
assert.deepEqual(readYaml('@merchant-ordering/spec/openapi.yaml'), bundled);
assert.deepEqual(readYaml('@merchant-ordering/spec/openapi.dereferenced.yaml'), dereferenced);
assert.match(bundled.openapi, /^3\.1\./);
const operations = Object.keys(bundled.paths);
assert.ok(operations.includes('/v2/payments'), `no /v2/payments in ${operations.join(', ')}`);

// Every auth vector: the client sends exactly the Authorization value the vector gives. The answer is
// the description's own example, not the mock's (Prism refuses a colon inside the secret, which
// RFC 7617 allows).
const configurationExample = Object.values(dereferenced.paths['/v2/configuration'].get.responses['200'].content['application/json'].examples)[0]?.value;
assert.ok(configurationExample, 'getConfiguration documents no 200 example');
for (const vector of authVectors.cases) {
  let sent: string | null = null;
  const client = createClient({
    merchantId: vector.merchantId,
    secretKey: vector.secretKey,
    baseUrl,
    retries: 0,
    fetch: async (request) => {
      sent = request.headers.get('authorization');
      return Response.json(configurationExample);
    },
  });
  assert.deepEqual(await client.getConfiguration(), configurationExample, vector.name);
  assert.equal(sent, vector.authorization, vector.name);
}

// The page the client returns is one of the examples the description documents.
const client = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl, retries: 0 });
const page = await client.listPayments({ limit: 20 });
const documented = Object.values(dereferenced.paths['/v2/payments'].get.responses['200'].content['application/json'].examples).map(
  (example) => example.value as unknown,
);
assert.ok(
  documented.some((example) => isDeepStrictEqual(example, page)),
  'listPayments returned a page that is not a documented example',
);

console.log(JSON.stringify({ consumer: 'spec-json-yaml', operations: operations.length, authVectors: authVectors.cases.length }));
