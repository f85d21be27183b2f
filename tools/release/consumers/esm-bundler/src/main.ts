// A bundled app (moduleResolution bundler, no @types/node): what a framework or edge build sees.
import { createClient, ApiError, type MerchantClient } from '@merchant-ordering/client';
import type { paths } from '@merchant-ordering/types';
import { entries } from './exports-probe';

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

for (const [subpath, namespace] of Object.entries(entries)) {
  check(Object.keys(namespace).length > 0, `@merchant-ordering/client${subpath.slice(1)} exports nothing`);
}

const client: MerchantClient = createClient({ merchantId: '32', secretKey: 'abcdefgh', baseUrl: PRISM_URL, retries: 0 });
type ConfigurationBody = paths['/v2/configuration']['get']['responses']['200']['content']['application/json'];
const configuration: ConfigurationBody = await client.getConfiguration();
check(typeof configuration.maximumAmount.amount === 'string', 'maximumAmount.amount is a string');

// A 401 example chosen on the mock becomes a typed ApiError.
const preferring = createClient({
  merchantId: '32',
  secretKey: 'abcdefgh',
  baseUrl: PRISM_URL,
  retries: 0,
  fetch: (request) => {
    const withPrefer = new Request(request);
    withPrefer.headers.set('Prefer', 'code=401');
    return fetch(withPrefer);
  },
});
const failure = await preferring.getConfiguration().then(
  () => undefined,
  (error: unknown) => error,
);
check(failure instanceof ApiError && failure.status === 401, `expected an ApiError with status 401, got ${String(failure)}`);

// The types are precise, not `any`: a wrong argument does not compile.
export function neverCalled(): void {
  // @ts-expect-error limit is a number
  void client.listPayments({ limit: '20' });
}

console.log(JSON.stringify({ consumer: 'esm-bundler', maximumAmount: configuration.maximumAmount, status: failure.status }));
