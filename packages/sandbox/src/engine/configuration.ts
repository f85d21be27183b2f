// GET /v2/configuration: the merchant's limits, in the dataset's one currency, plus the parts asked
// for with `include` (repeated, one value each). An include value the service does not know adds
// nothing; a comma-separated or bracketed include is refused like every array parameter.
import { malformedQuery } from './errors.js';

/** The sandbox merchant's public id (MPID), fixed so that it can be documented. */
export const SANDBOX_PUBLIC_ID = '8e5d05c3-1f4b-4d0a-9c8e-5a0d8b0c0a11';

export function configuration(search: URLSearchParams, currency: string): Record<string, unknown> {
  for (const name of search.keys()) {
    if (name.startsWith('include[')) throw malformedQuery(`${name}: repeat include once per value, never with brackets`);
  }
  const values = search.getAll('include');
  if (values.some((value) => value.includes(','))) throw malformedQuery('include: a comma is read as a separator; repeat the parameter once per value');
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  const money = (amount: string) => ({ amount, currency });
  const body: Record<string, unknown> = { minimumAmount: money('1.00'), maximumAmount: money('2000.00') };
  if (wanted.has('publicid')) body.publicId = SANDBOX_PUBLIC_ID;
  if (wanted.has('consumerlending')) body.consumerLending = { enabled: true, minimumAmount: money('400.00'), maximumAmount: money('4000.00') };
  if (wanted.has('paybyinstallment')) body.payByInstallment = { minimumAmount: money('1.00'), maximumAmount: money('2000.00') };
  return body;
}
