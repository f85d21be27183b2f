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

type ListQuery = NonNullable<paths['/v2/payments']['get']['parameters']['query']>;
const query: ListQuery = { limit: 20, offset: 0, orderBy: 'createdAt', ascending: false, statuses: ['APPROVED'] };
// @ts-expect-error orderBy is a closed list.
const badOrder: ListQuery = { orderBy: 'amount' };

export type { known, unknownStatus, unknownState, amount, numericAmount, contact, incomplete, query, badOrder };
