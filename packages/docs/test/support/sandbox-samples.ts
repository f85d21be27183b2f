// The sandbox the samples run against, started with the credentials the samples show, and samples
// rendered from the same templates with values the sandbox holds, so that a filtering sample returns
// payments and its filters can be seen to apply.
import { type Payment, startSandbox } from '@merchant-ordering/sandbox';
import { codeSamplesFor, operationsOf, parametersOf, WORKED_EXAMPLE } from '../../scripts/code-samples.mjs';
import { readSampleTemplates } from '../../scripts/sample-templates.mjs';
import type { Json } from './paths';

/** A sandbox on a free port that accepts the API document's worked example, as the samples send it. */
export function startSampleSandbox() {
  return startSandbox({ port: 0, merchantId: WORKED_EXAMPLE.merchantId, secretKey: WORKED_EXAMPLE.secretKey });
}

/**
 * The samples of `method path` rendered from the templates with `query` in place of the named
 * examples of those query parameters, keyed by label (`curl`, `TypeScript`).
 */
export function samplesWithQuery(docs: Json, method: string, path: string, query: Record<string, unknown>) {
  const copy = structuredClone(docs);
  const entry = operationsOf(copy).find((candidate: Json) => candidate.path === path && candidate.method === method.toLowerCase());
  if (!entry) throw new Error(`no operation ${method} ${path} in the docs bundle`);
  for (const parameter of parametersOf(copy, entry.pathItem, entry.operation)) {
    if (parameter.in === 'query' && parameter.name in query) {
      parameter.examples = { sandbox: { value: query[parameter.name] } };
    }
  }
  const templates = readSampleTemplates();
  return Object.fromEntries(codeSamplesFor(copy, entry, templates).map(({ label, source }: Json) => [label, source as string]));
}

/**
 * A List Payments query that the sandbox's data matches: three payments whose merchant references need
 * encoding (`+`, `&`, unicode), with every filter of the sample, and dates with the `+11:00` and
 * `-05:00` offsets the named examples use, at exactly the first and last creation times (inclusive).
 */
export function listQueryFor(payments: Payment[]) {
  const chosen = [/^A\+B /, / & gift$/, /^Café-№/].map((pattern) => {
    const payment = payments.find(({ merchantReference }) => pattern.test(merchantReference ?? ''));
    if (!payment) throw new Error(`the sandbox has no payment with a merchant reference like ${pattern}`);
    return payment;
  });
  const times = chosen.map(({ created }) => Date.parse(created));
  const query = {
    toCreatedDate: withOffset(Math.max(...times), -5),
    fromCreatedDate: withOffset(Math.min(...times), 11),
    tokens: chosen.map(({ token }) => token),
    ids: chosen.map(({ id }) => id),
    merchantReferences: chosen.map(({ merchantReference }) => merchantReference as string),
    statuses: [...new Set(chosen.map(({ status }) => status))],
  };
  return { query, ids: chosen.map(({ id }) => id) };
}

/** `time` written as local time at a whole-hour UTC offset: `2024-03-01T20:15:00.000+11:00`. */
function withOffset(time: number, hours: number): string {
  const local = new Date(time + hours * 3_600_000).toISOString().slice(0, 23);
  return `${local}${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}
