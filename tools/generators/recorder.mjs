// The recording servers of the generator matrix. Each keeps a log of what clients put on the wire
// (method, path, raw query as received, Accept, User-Agent, the Authorization scheme but never its
// credentials, and the status answered), which the runner saves per target.
//
// startRecorder(): a stand-in that answers by itself, for the query-encoding vectors:
//   GET /v2/payments?…       200 an empty page (valid against Pagination)
//   GET /v2/configuration?…  200 a minimal configuration (valid against MerchantConfiguration)
//   GET /__recorded/last     200 {"rawQuery": "<what followed the ? of the last other request>"}
//   GET /__recorded/last?expected=<a query, percent-encoded>
//                            the same, plus {"samePairs": bool, "difference": "...", "defaultsSent": [...]}:
//                            the last query compared with the expected one as the service reads both
//                            (query-pairs.mjs), given `defaults` (queryDefaults of the bundle)
// Anything else is recorded too and answered 404. No checks, no auth.
//
// startRecorder({ upstream }): a recording proxy in front of a sandbox: every request goes to `upstream`
// as received (raw query untouched) and its answer comes back unchanged.
import { createServer, request as httpRequest } from 'node:http';
import { comparePairs } from './query-pairs.mjs';

const BODIES = {
  '/v2/payments': { totalResults: 0, offset: 0, limit: 20, results: [] },
  '/v2/configuration': { maximumAmount: { amount: '2000.00', currency: 'AUD' } },
};

/**
 * Starts a recorder on 127.0.0.1 (a free port unless given).
 * @returns {Promise<{ url: string, takeLog(): object[], close(): Promise<void> }>}
 */
export function startRecorder({ port = 0, upstream, defaults = {} } = {}) {
  let rawQuery = '';
  let lastPath = '';
  let log = [];
  const server = createServer((request, response) => {
    const target = request.url ?? '/';
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    const query = mark === -1 ? '' : target.slice(mark + 1);
    if (!upstream && path === '/__recorded/last') {
      const expected = new URLSearchParams(query).get('expected');
      return send(response, 200, expected === null ? { rawQuery } : { rawQuery, ...renamed(comparePairs(rawQuery, expected, defaults[lastPath])) });
    }
    const entry = {
      method: request.method,
      path,
      rawQuery: query,
      accept: request.headers.accept ?? null,
      userAgent: request.headers['user-agent'] ?? null,
      authorization: request.headers.authorization?.split(' ')[0] ?? null,
      status: 0,
    };
    log.push(entry);
    response.once('finish', () => (entry.status = response.statusCode));
    if (upstream) return forward(upstream, request, response);
    rawQuery = query;
    lastPath = path;
    const body = request.method === 'GET' ? BODIES[path] : undefined;
    return body
      ? send(response, 200, body)
      : send(response, 404, { errorCode: 'not_found', errorId: 'recorder', message: `${request.method} ${path} is not recorded`, httpStatusCode: 404 });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        takeLog: () => log.splice(0),
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const renamed = ({ same, difference, defaultsSent }) => ({ samePairs: same, difference, defaultsSent });

function forward(upstream, request, response) {
  const { hostname, port } = new URL(upstream);
  const outgoing = httpRequest(
    { hostname, port, method: request.method, path: request.url, headers: { ...request.headers, host: `${hostname}:${port}` } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  outgoing.once('error', (error) => {
    if (!response.headersSent) send(response, 502, { errorCode: 'recorder', errorId: 'recorder', message: `upstream: ${error.message}`, httpStatusCode: 502 });
    else response.destroy();
  });
  request.pipe(outgoing);
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
