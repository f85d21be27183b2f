// The recording server of the generator matrix: it keeps the raw query string of the last request, so a
// harness can send a query-encoding vector through its generated client and compare what went out on
// the wire with the vector's expected query.
//   GET /v2/payments?…       200 an empty page (valid against Pagination)
//   GET /v2/configuration?…  200 a minimal configuration (valid against MerchantConfiguration)
//   GET /__recorded/last     200 {"rawQuery": "<what followed the ? of the last other request>"}
// Anything else is recorded too and answered 404. No checks, no auth: it only records.
import { createServer } from 'node:http';

const BODIES = {
  '/v2/payments': { totalResults: 0, offset: 0, limit: 20, results: [] },
  '/v2/configuration': { maximumAmount: { amount: '2000.00', currency: 'AUD' } },
};

/** Starts the recorder on 127.0.0.1 (a free port unless given); resolves to { url, close() }. */
export function startRecorder({ port = 0 } = {}) {
  let rawQuery = '';
  const server = createServer((request, response) => {
    const target = request.url ?? '/';
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    if (path === '/__recorded/last') return send(response, 200, { rawQuery });
    rawQuery = mark === -1 ? '' : target.slice(mark + 1);
    const body = request.method === 'GET' ? BODIES[path] : undefined;
    return body ? send(response, 200, body) : send(response, 404, { errorCode: 'not_found', errorId: 'recorder', message: `${request.method} ${path} is not recorded`, httpStatusCode: 404 });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
      });
    });
  });
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
