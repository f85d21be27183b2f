// What a sample's answer must be: the success status the description promises for the operation, a
// response the description allows (the contract kit's JSON Schema 2020-12 check), and, for List
// Payments, only payments that match the filters the sample sends. Each problem is one line, so a
// test of a broken sample can show that the check fails, and why.
import { checkResponse, createSchemaValidator, findOperation, loadSpec } from '@merchant-ordering/contract';
import { firstNamedExample, parametersOf, successStatus } from '../../scripts/code-samples.mjs';
import type { Exchange } from './http-exchange';
import type { Json } from './paths';

const spec = loadSpec(); // the published description, @merchant-ordering/spec's dist/openapi.json
const validator = createSchemaValidator(spec);

/** The 2xx status the description gives the operation (the status a sample must get). */
export function promisedStatus(docs: Json, method: string, path: string): number {
  return Number(successStatus(docs.paths[path][method.toLowerCase()]));
}

/** The query a sample sends: each query parameter's first named example, by name. */
export function sampleQuery(docs: Json, method: string, path: string): Record<string, unknown> {
  const pathItem = docs.paths[path];
  const query: Record<string, unknown> = {};
  for (const parameter of parametersOf(docs, pathItem, pathItem[method.toLowerCase()])) {
    const example = firstNamedExample(docs, parameter);
    if (parameter.in === 'query' && example !== undefined) query[parameter.name] = example;
  }
  return query;
}

/** Everything wrong with `exchange` as the answer to a sample of `method path` that sent `query`. */
export function sampleProblems(
  docs: Json,
  { method, path, query }: { method: string; path: string; query: Record<string, unknown> },
  exchange: Exchange | undefined,
): string[] {
  if (!exchange) return ['no request reached the sandbox'];
  const problems: string[] = [];
  const promised = promisedStatus(docs, method, path);
  if (exchange.status !== promised) problems.push(`status ${exchange.status}, the description promises ${promised}`);
  const operation = findOperation(spec, method, path);
  if (!operation) return [...problems, `${method} ${path} is not in the description`];
  for (const violation of checkResponse(operation, exchange, validator)) {
    problems.push(`${[violation.kind, violation.location].filter(Boolean).join(' ')}: ${violation.message}`);
  }
  if (exchange.status === promised && path === '/v2/payments') {
    for (const payment of JSON.parse(exchange.body).results) problems.push(...filterMismatches(payment, query));
  }
  return problems;
}

/** How `payment` fails the List Payments filters in `query` (repeated filters: any value matches). */
export function filterMismatches(payment: Json, query: Record<string, unknown>): string[] {
  const mismatches: string[] = [];
  const among = (filter: string, value: unknown, normalise = (text: string) => text) => {
    const wanted = query[filter] as string[] | undefined;
    if (wanted && !wanted.map(normalise).includes(normalise(String(value)))) {
      mismatches.push(`payment ${payment.id}: ${filter} ${JSON.stringify(wanted)} does not include ${JSON.stringify(value)}`);
    }
  };
  among('ids', payment.id);
  among('tokens', payment.token);
  among('merchantReferences', payment.merchantReference);
  among('statuses', payment.status, (status) => status.toUpperCase());
  const created = Date.parse(payment.created);
  const from = query.fromCreatedDate as string | undefined;
  const to = query.toCreatedDate as string | undefined;
  if (from && created < Date.parse(from)) mismatches.push(`payment ${payment.id}: created ${payment.created} before ${from}`);
  if (to && created > Date.parse(to)) mismatches.push(`payment ${payment.id}: created ${payment.created} after ${to}`);
  return mismatches;
}
