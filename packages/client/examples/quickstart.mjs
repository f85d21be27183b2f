#!/usr/bin/env node
// `pnpm example` (from the repository root): starts the sandbox (@merchant-ordering/sandbox), uses the
// built client against it, prints what comes back, and stops the sandbox.
import { startSandbox } from '@merchant-ordering/sandbox';
import { createClient, ApiError, ValidationError } from '@merchant-ordering/client';
import { validateContact, buildContact, contactFieldLabels } from '@merchant-ordering/client/contact';

const sandbox = await startSandbox();
try {
  // The sandbox's credentials: the API document's worked example (Merchant ID 32, Secret Key abcdefgh).
  const client = createClient({
    ...sandbox.credentials,
    baseUrl: sandbox.url,
    userAgent: { plugin: { name: 'QuickstartExample', version: '1.0.0' } },
  });

  await client.ping();
  console.log(`ping: pong from ${sandbox.url}`);

  const configuration = await client.getConfiguration({ include: ['publicid', 'consumerlending'] });
  console.log('configuration:', JSON.stringify(configuration));

  const page = await client.listPayments({
    fromCreatedDate: '2024-01-01T00:00:00.000+11:00',
    toCreatedDate: new Date('2024-12-31T23:59:59.999Z'),
    statuses: ['APPROVED', 'DECLINED'],
    limit: 20,
  });
  console.log(
    `listPayments: ${page.results.length} of ${page.totalResults}:`,
    page.results.map((p) => `${p.id} ${p.status} ${p.originalAmount?.amount} ${p.originalAmount?.currency}`).join(', '),
  );

  const first = await client.iteratePayments({ orderBy: 'createdAt' }).toArray({ max: 5 });
  console.log(`iteratePayments(...).toArray({ max: 5 }): ${first.length} payments`);

  try {
    await client.listPayments({ limit: 500 });
  } catch (error) {
    if (error instanceof ValidationError) console.log(`refused before sending: ${error.message} (param ${error.param}, rule ${error.rule})`);
    else throw error;
  }

  // A wrong Secret Key, through the underlying openapi-fetch client: the sandbox answers 401.
  const stranger = createClient({ merchantId: '32', secretKey: 'wrong-key', baseUrl: sandbox.url });
  const { data, error } = await stranger.api.GET('/v2/payments', { params: { query: { limit: 1 } } });
  console.log(`client.api: data=${data}, error=${JSON.stringify(error)}`);
  if (error) console.log(`as a typed error: ${ApiError.from(401, error).name}`);

  const contact = { name: 'Jane Doe', line1: '1 High Street', area1: 'Reading', region: 'Berkshire', postcode: 'RG4 5AA', countryCode: 'GB', line2: ' ' };
  console.log('validateContact:', JSON.stringify(validateContact(contact).map(({ field, rule }) => ({ field, rule }))));
  console.log('buildContact:', JSON.stringify(buildContact({ ...contact, countryCode: 'UK' })));
  console.log('contactFieldLabels(UK):', JSON.stringify(contactFieldLabels('UK')));
} finally {
  await sandbox.close();
}
