// The real samples (see paths.ts) and what each body is, from the request that produced it and its
// status, as SOURCES.md describes them: a Payment, a refund, a page of payments, a configuration, an
// Error, Ping's text, or something this description does not cover (left out, with the reason).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenApi } from './load-bundle';
import { operationById, parametersOf, pointerOf } from './spec-queries';

export interface RealSample {
  file: string;
  kind: string;
  method: string;
  /** The request path, without host or query; `?` when the source does not say. */
  path: string;
  query: URLSearchParams;
  status: number;
  body: unknown;
}

export type Verdict = { what: string; schema: string } | { leftOut: string };

export function readRealSamples(dir: string): RealSample[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const { _source: source, body } = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const uri = new URL(source.request?.uri ?? '?', 'https://host.invalid');
      return {
        file,
        kind: source.kind ?? '',
        method: String(source.request?.method ?? '?').toUpperCase(),
        path: source.request?.uri ? decodeURI(uri.pathname) : '?',
        query: uri.searchParams,
        status: Number(source.status),
        body,
      };
    });
}

const schema = (name: string) => pointerOf('components', 'schemas', name);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the body is and the schema it must validate against, or why it is left out. */
export function classify(spec: OpenApi, sample: RealSample): Verdict {
  const { body, path, method, status } = sample;
  if (typeof body === 'string') {
    if (method === 'GET' && path === '/ping' && status === 200)
      return { what: 'the Ping text', schema: pointerOf('paths', '/ping', 'get', 'responses', '200', 'content', 'text/plain', 'schema') };
    if (body === '') return { leftOut: `HTTP ${status} with no body: nothing to validate` };
  }
  if (/legacy|v0\/v1/i.test(sample.kind)) return { leftOut: 'a v0/v1 docs-era fixture (its source says so), not a v2 body' };
  // An error body has the same shape on every endpoint and version.
  if (status >= 400 && isObject(body) && 'errorCode' in body) return { what: `an HTTP ${status} error body`, schema: schema('Error') };
  if (path.startsWith('/v1/')) return { leftOut: `a v1-era body (${method} ${path.replace(/\/[^/]{24,}/, '/{token}')}), an older version of the API` };
  if (path.startsWith('/v2/checkouts')) return { leftOut: `a checkout (order) body of ${method} /v2/checkouts, an operation this description does not cover` };
  if (path === '/v2/configuration') return { what: 'a configuration', schema: schema('MerchantConfiguration') };
  if (path === '/v2/payments') {
    const known = parametersOf(spec, operationById(spec, 'listPayments')).map((parameter) => parameter.node.name);
    const unknown = [...new Set(sample.query.keys())].filter((name) => !known.includes(name));
    if (unknown.length) return { leftOut: `a page asked for with ${unknown.join(', ')}, which the API document does not describe` };
    return { what: 'a page of payments', schema: schema('Pagination') };
  }
  if (/^\/v2\/payments\/[^/]+\/refund$/.test(path) && status < 300)
    return { what: 'a refund (the refund endpoint answers with the refund, not the Payment)', schema: schema('Refund') };
  if (path.startsWith('/v2/payments/') && isObject(body) && 'id' in body)
    return { what: `a Payment (HTTP ${status} to ${method} ${operationPath(path)})`, schema: schema('Payment') };
  throw new Error(`${sample.file}: no rule says what this ${method} ${path} HTTP ${status} body is; add one`);
}

/** `/v2/payments/300000016189/void` as `/v2/payments/{orderId}/void`; `auth` and `capture` stay. */
const operationPath = (path: string): string =>
  path.replace(/^\/v2\/payments\/(?!auth$|capture$)[^/]+/, (found) => (found.includes('token:') ? '/v2/payments/token:{token}' : '/v2/payments/{orderId}'));
