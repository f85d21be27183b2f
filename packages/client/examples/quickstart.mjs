#!/usr/bin/env node
// `pnpm example` (from the repository root): starts the Prism mock of the bundled spec, uses the
// built client against it, prints what comes back, and stops the mock.
import { startPrism } from '../../../tools/mock/prism.mjs';
import { createClient, ApiError, ValidationError } from '@merchant-ordering/client';
import { validateContact, buildContact, contactFieldLabels } from '@merchant-ordering/client/contact';

const mock = await startPrism();
try {
  // The API document's worked example credentials; the mock accepts any Basic credentials.
  const client = createClient({
    merchantId: '32',
    secretKey: 'abcdefgh',
    baseUrl: mock.url,
    userAgent: { plugin: { name: 'QuickstartExample', version: '1.0.0' } },
  });

  await client.ping();
  console.log(`ping: pong from ${mock.url}`);

  const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending'] });
  console.log('configuration:', JSON.stringify(configuration));

  const page = await client.listPayments({
    fromCreatedDate: '2024-01-01T00:00:00.000+11:00',
    toCreatedDate: new Date('2024-12-31T23:59:59.999Z'),
    statuses: ['APPROVED', 'DECLINED'],
    limit: 20,
  });
  console.log(`listPayments: ${page.results.length} of ${page.totalResults}:`, page.results.map((p) => `${p.id} ${p.status} ${p.originalAmount?.amount} ${p.originalAmount?.currency}`).join(', '));

  const first = await client.iteratePayments({ orderBy: 'createdAt' }).toArray({ max: 5 });
  console.log(`iteratePayments(...).toArray({ max: 5 }): ${first.length} payments`);

  try {
    await client.listPayments({ limit: 500 });
  } catch (error) {
    if (error instanceof ValidationError) console.log(`refused before sending: ${error.message} (param ${error.param}, rule ${error.rule})`);
    else throw error;
  }

  const { data, error } = await client.raw.GET('/v2/payments', { params: { query: { limit: 1 } }, headers: { Prefer: 'code=401' } });
  console.log(`raw client: data=${data}, error=${JSON.stringify(error)}`);
  if (error) console.log(`as a typed error: ${ApiError.from(401, error).name}`);

  const contact = { name: 'Jane Doe', line1: '1 High Street', area1: 'Reading', region: 'Berkshire', postcode: 'RG4 5AA', countryCode: 'GB', line2: ' ' };
  console.log('validateContact:', JSON.stringify(validateContact(contact).map(({ field, rule }) => ({ field, rule }))));
  console.log('buildContact:', JSON.stringify(buildContact({ ...contact, countryCode: 'UK' })));
  console.log('contactFieldLabels(UK):', JSON.stringify(contactFieldLabels('UK')));
} finally {
  await mock.stop();
}
