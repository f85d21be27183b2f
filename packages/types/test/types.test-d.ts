// Compile-time checks of the generated types: known enum values autocomplete, unknown ones still
// type-check, money stays a string, and Contact carries the document's required set.
import type { components, paths } from '../index.d.ts';

type Payment = components['schemas']['Payment'];
type Contact = components['schemas']['Contact'];

const known: Payment['status'] = 'APPROVED';
const unknownStatus: Payment['status'] = 'PENDING_REVIEW';
const unknownState: Payment['paymentState'] = 'SOMETHING_NEW';
const amount: NonNullable<Payment['originalAmount']>['amount'] = '29.99';
// @ts-expect-error Money amounts are strings, never numbers.
const numericAmount: NonNullable<Payment['originalAmount']>['amount'] = 29.99;

const contact: Contact = { name: 'Joe', line1: '1 Road', area1: 'Town', region: 'VIC', postcode: '3000', countryCode: 'AU' };
// @ts-expect-error `region` is required on a Contact.
const incomplete: Contact = { name: 'Joe', line1: '1 Road', area1: 'Town', postcode: '3000', countryCode: 'AU' };

// Each open string keeps its known values as literals beside `string & {}`: a plain `string` (what
// `"A" | string` reduces to) would turn these `true`s into compile errors. The known values are those of
// the `Known*` enum that its `x-known-values` names, and that enum itself is closed.
type Schemas = components['schemas'];
type Literals<T> = T extends string ? (string extends T ? never : T) : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Event = NonNullable<Payment['events']>[number];
type Courier = NonNullable<NonNullable<Payment['orderDetails']>['courier']>;
const statusLiterals: Same<Literals<Payment['status']>, Schemas['KnownPaymentStatus']> = true;
const stateLiterals: Same<Literals<Payment['paymentState']>, Schemas['KnownPaymentState']> = true;
const eventLiterals: Same<Literals<Event['type']>, Schemas['KnownPaymentEventType']> = true;
const priorityLiterals: Same<Literals<Courier['priority']>, Schemas['KnownShippingPriority']> = true;
const currencyLiterals: Same<Literals<Schemas['Currency']>, Schemas['KnownCurrency']> = true;
const includeLiterals: Same<Literals<Schemas['ConfigurationInclude']>, Schemas['KnownConfigurationInclude']> = true;
const knownStatuses: Same<Schemas['KnownPaymentStatus'], 'APPROVED' | 'DECLINED'> = true;
// @ts-expect-error A known-values enum is closed: only the open string takes other values.
const closedKnown: Schemas['KnownPaymentStatus'] = 'PENDING_REVIEW';
const unknownEvent: Event['type'] = 'AUTH_EXTENDED';

type ListQuery = NonNullable<paths['/v2/payments']['get']['parameters']['query']>;
const query: ListQuery = { limit: 20, offset: 0, orderBy: 'createdAt', ascending: false, statuses: ['APPROVED'] };
// @ts-expect-error orderBy is a closed list.
const badOrder: ListQuery = { orderBy: 'amount' };

export type { known, unknownStatus, unknownState, amount, numericAmount, contact, incomplete, query, badOrder };
export type { statusLiterals, stateLiterals, eventLiterals, priorityLiterals, currencyLiterals, includeLiterals, knownStatuses, closedKnown, unknownEvent };
