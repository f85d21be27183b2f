// Type tests of the public API, checked by vitest's typecheck in the same run.
import { assertType, describe, expectTypeOf, it } from 'vitest';
import { buildContact, contactFieldLabels, validateContact, type Contact, type ContactFieldLabels, type ContactProblem } from '../../src/contact.js';
import { rawClient } from '../../src/raw.js';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  ConnectionError,
  MerchantApiError,
  type Logger,
  type RequestOptions,
  createClient,
  TimeoutError,
  ValidationError,
  type ListPaymentsQuery,
  type MerchantClient,
  type MerchantConfiguration,
  type Pagination,
  type Payment,
} from '../../src/index.js';

declare const client: MerchantClient;

describe('createClient options', () => {
  it('takes environment or baseUrl, not both and not neither', () => {
    assertType<MerchantClient>(createClient({ merchantId: '1', secretKey: 's', environment: 'sandbox' }));
    assertType<MerchantClient>(createClient({ merchantId: '1', secretKey: 's', baseUrl: 'http://localhost:4010' }));
    // @ts-expect-error both environment and baseUrl
    createClient({ merchantId: '1', secretKey: 's', environment: 'sandbox', baseUrl: 'https://x.test' });
    // @ts-expect-error neither
    createClient({ merchantId: '1', secretKey: 's' });
    // @ts-expect-error unknown environment
    createClient({ merchantId: '1', secretKey: 's', environment: 'staging' });
    // @ts-expect-error secretKey is required
    createClient({ merchantId: '1', environment: 'production' });
  });

  it('takes the optional userAgent, fetch, timeouts, retries and browser opt-in', () => {
    createClient({
      merchantId: '1',
      secretKey: 's',
      environment: 'production',
      userAgent: { plugin: { name: 'P', version: '1' }, platform: { name: 'Shop', version: '2' }, siteUrl: 'https://shop.test' },
      fetch: (request: Request) => fetch(request),
      timeouts: { connectMs: 1000 },
      retries: 0,
      dangerouslyAllowBrowser: true,
    });
    // @ts-expect-error timeouts are numbers of milliseconds
    createClient({ merchantId: '1', secretKey: 's', environment: 'production', timeouts: { readMs: '20s' } });
  });
});

describe('methods', () => {
  it('return the generated types', () => {
    expectTypeOf(client.ping()).toEqualTypeOf<Promise<void>>();
    expectTypeOf(client.getConfiguration()).toEqualTypeOf<Promise<MerchantConfiguration>>();
    expectTypeOf(client.listPayments()).toEqualTypeOf<Promise<Pagination>>();
    expectTypeOf<Pagination['results'][number]>().toEqualTypeOf<Payment>();
    expectTypeOf<Awaited<ReturnType<MerchantClient['getConfiguration']>>['maximumAmount']['amount']>().toEqualTypeOf<string>();
  });

  it('accept dates as Date or string and arrays as one value or many', () => {
    client.listPayments({ fromCreatedDate: new Date(), toCreatedDate: '2024-01-01T00:00:00.000Z', ids: '1', statuses: ['APPROVED', 'SOMETHING_NEW'] });
    client.listPayments({ orderBy: 'totalAmount', ascending: true, limit: 10, offset: 0 });
    // @ts-expect-error orderBy is a closed list
    client.listPayments({ orderBy: 'created' });
    // @ts-expect-error limit is a number
    client.listPayments({ limit: '10' });
    // @ts-expect-error unknown parameter
    client.listPayments({ status: 'APPROVED' });
    client.getConfiguration({ include: 'publicid' });
    // include is an open list (the service ignores values it does not know): known values and others type-check.
    client.getConfiguration({ include: ['paybyinstallment', 'activeCountries'] });
    // @ts-expect-error include values are strings
    client.getConfiguration({ include: [1] });
    expectTypeOf<ListPaymentsQuery['fromCreatedDate']>().toEqualTypeOf<Date | string | undefined>();
  });

  it('iteratePayments is async-iterable and toArray needs a bound', async () => {
    const iterable = client.iteratePayments({ limit: 50 });
    for await (const payment of iterable) expectTypeOf(payment).toEqualTypeOf<Payment>();
    expectTypeOf(iterable.toArray({ max: 10 })).toEqualTypeOf<Promise<Payment[]>>();
    // @ts-expect-error max is required
    iterable.toArray();
    // @ts-expect-error max is required
    iterable.toArray({});
  });

  it('api is openapi-fetch with { data, error } and no need to repeat the User-Agent', async () => {
    const { data, error } = await client.api.GET('/v2/payments', { params: { query: { limit: 10 } } });
    expectTypeOf(data?.totalResults).toEqualTypeOf<number | undefined>();
    expectTypeOf(data?.results[0]?.id).toEqualTypeOf<string | undefined>();
    if (error) expectTypeOf(error.errorCode).toEqualTypeOf<string>();
    await client.api.GET('/ping');
    await client.api.GET('/v2/configuration');
    // @ts-expect-error not a path of the spec
    await client.api.GET('/v2/orders');
  });

  it('the deprecated rawClient (./raw) is client.api, typed alike', () => {
    expectTypeOf(rawClient(client)).toEqualTypeOf(client.api);
  });
});

describe('per-call RequestOptions, the last argument of every method', () => {
  it('keep the first arguments and add signal, timeouts and retries', async () => {
    const options: RequestOptions = { signal: AbortSignal.timeout(1000), timeouts: { totalMs: 5000 }, retries: 0 };
    await client.ping(options);
    await client.getConfiguration({ include: 'publicid' }, options);
    await client.listPayments({ limit: 5 }, options);
    for await (const payment of client.iteratePayments({}, { signal: options.signal })) assertType<Payment>(payment);
    // @ts-expect-error not a request option
    await client.listPayments({}, { retry: 1 });
    // @ts-expect-error a signal, not a boolean
    await client.ping({ signal: true });
  });

  it('logger is console-shaped, logLevel a closed list', () => {
    assertType<Logger>(console);
    createClient({ merchantId: '1', secretKey: 's', environment: 'sandbox', logger: console, logLevel: 'debug', timeouts: { totalMs: 30_000 } });
    // @ts-expect-error not a level
    createClient({ merchantId: '1', secretKey: 's', environment: 'sandbox', logLevel: 'verbose' });
  });
});

describe('errors', () => {
  it('are a hierarchy with the documented fields', () => {
    expectTypeOf<AuthenticationError>().toMatchTypeOf<ApiError>();
    expectTypeOf<ApiError['status']>().toEqualTypeOf<number>();
    expectTypeOf<ApiError['errorCode']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ApiError['headers']>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf<TimeoutError['phase']>().toEqualTypeOf<'connect' | 'read' | 'total'>();
    expectTypeOf<AbortError>().toMatchTypeOf<MerchantApiError>();
    expectTypeOf<MerchantApiError['attempts']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<MerchantApiError['durationMs']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ConnectionError['code']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MerchantApiError['toJSON']>().returns.toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<ValidationError['param']>().toEqualTypeOf<string>();
    expectTypeOf(ApiError.from).returns.toEqualTypeOf<ApiError>();
  });
});

describe('contact helpers (@merchant-ordering/client/contact)', () => {
  it('are typed from the spec', () => {
    expectTypeOf(validateContact({})).toEqualTypeOf<ContactProblem[]>();
    expectTypeOf(buildContact({ name: 'A', line2: undefined })).toEqualTypeOf<Contact>();
    expectTypeOf<Contact['postcode']>().toEqualTypeOf<string>();
    expectTypeOf(contactFieldLabels('NZ')).toEqualTypeOf<ContactFieldLabels>();
    expectTypeOf(contactFieldLabels('DE')).toEqualTypeOf<ContactFieldLabels | undefined>();
    // @ts-expect-error not a contact field
    buildContact({ postCode: '3000' });
  });
});
