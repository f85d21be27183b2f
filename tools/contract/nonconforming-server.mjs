#!/usr/bin/env node
// A deliberately non-conforming implementation of the API (node:http) for testing the provider check.
// It behaves like the description everywhere except for the planted violations below, so the
// verifier must report exactly these and nothing else.
// Usage: node tools/contract/nonconforming-server.mjs [--port N]
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const PLANTED = {
  wrongType: 'GET /v2/payments 200: results[0].id is the number 300000016189, not a string',
  missingRequiredField: 'GET /v2/configuration 200: maximumAmount is left out',
  wrongContentType: 'GET /ping 200: Content-Type text/html instead of text/plain',
  wrongStatus: 'GET /v2/payments with limit above 250: 400 instead of 422',
};

const money = (amount) => ({ amount, currency: 'AUD' });

function payment() {
  return {
    id: 300000016189, // planted: wrongType
    token: '002.6bjb3n9gqtbbu8tc5hd5e8kk8q6fip6qc7dpk5tl0ph2vfa9',
    status: 'APPROVED',
    created: '2024-03-11T20:11:42.487Z',
    originalAmount: money('129.98'),
    openToCaptureAmount: money('0.00'),
    paymentState: 'CAPTURED',
    merchantReference: 'merchant-order-1001',
    refunds: [],
    orderDetails: { consumer: { email: 'test@example.com' } },
    events: [],
  };
}

function error(status, errorCode, message) {
  return { status, body: { errorCode, errorId: '0123456789abcdef', message, httpStatusCode: status } };
}

function isBasic(header) {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header ?? '');
  return Boolean(match) && Buffer.from(match[1], 'base64').toString('utf8').includes(':');
}

const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+(Z|[+-][0-9]{2}:[0-9]{2})$/;
const ORDER_BY = ['createdAt', 'id', 'totalAmount', 'merchantReference', 'email'];

function invalidQuery(query) {
  const limit = query.get('limit');
  if (limit !== null) {
    if (!/^[0-9]+$/.test(limit) || Number(limit) < 1) return error(422, 'error', 'limit: must be greater than or equal to 1');
    if (Number(limit) > 250) return error(400, 'error', 'limit: must be less than or equal to 250'); // planted: wrongStatus
  }
  const offset = query.get('offset');
  if (offset !== null && !/^[0-9]+$/.test(offset)) return error(422, 'error', 'offset: must be greater than or equal to 0');
  const orderBy = query.get('orderBy');
  if (orderBy !== null && !ORDER_BY.includes(orderBy)) return error(422, 'error', 'orderBy: unknown field');
  const ascending = query.get('ascending');
  if (ascending !== null && ascending !== 'true' && ascending !== 'false') return error(422, 'error', 'ascending: must be a boolean');
  for (const name of ['fromCreatedDate', 'toCreatedDate']) {
    if (query.has(name) && !DATE.test(query.get(name))) return error(422, 'error', `${name}: must be a date-time`);
  }
  return undefined;
}

function route(method, url, headers) {
  if (method !== 'GET') return error(405, 'method_not_allowed', `Request method '${method}' not supported.`);
  if (url.pathname === '/ping') {
    return { status: 200, contentType: 'text/html; charset=utf-8', text: 'pong' }; // planted: wrongContentType
  }
  if (url.pathname !== '/v2/configuration' && url.pathname !== '/v2/payments') return error(404, 'not_found', 'Not found.');
  if (!isBasic(headers.authorization)) return error(401, 'unauthorized', 'Credentials are required to access this resource.');
  if (url.pathname === '/v2/configuration') {
    return { status: 200, body: { minimumAmount: money('1.01') } }; // planted: missingRequiredField
  }
  return invalidQuery(url.searchParams) ?? { status: 200, body: { totalResults: 1, offset: 0, limit: 20, results: [payment()] } };
}

/** Starts the server on 127.0.0.1; resolves to { url, close() }. */
export function startNonconformingServer({ port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer((request, response) => {
    const answer = route(request.method, new URL(request.url, 'http://localhost'), request.headers);
    const text = answer.text ?? JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'application/json' });
    response.end(text);
  });
  return new Promise((resolveStart, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolveStart({
        url: `http://${host}:${server.address().port}`,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
  const server = await startNonconformingServer({ port: Number(values.port) });
  console.log(`Non-conforming server on ${server.url}\nPlanted violations:\n  ${Object.values(PLANTED).join('\n  ')}`);
}
