// Raw HTTP/1.1 requests to a local server, exactly as written: repeated header lines, the absolute
// form, a method in any case. fetch normalises all of these away.
import http from 'node:http';
import net from 'node:net';

/** @typedef {import('./equivalence.js').RawRequest} RawRequest */

/**
 * Sends a raw request over node:http, which (unlike fetch) keeps repeated lines and the target as
 * given. `http.request` is looked up at each call, so an interceptor that patches it (MSW's) sees it.
 * @param {string} url the server's origin
 * @param {RawRequest} raw
 * @returns {Promise<{ status: number, headers: Headers, body: string }>}
 */
export function sendRaw(url, { method, target, headers }) {
  const { host, hostname, port } = new URL(url);
  /** @type {ReadonlyArray<readonly [string, string]>} */
  const lines = headers.some(([name]) => name.toLowerCase() === 'host') ? headers : [['Host', host], ...headers];
  // http.request sends every method in upper case: a method that is not goes over a plain socket.
  if (method !== method.toUpperCase()) return sendOverSocket(hostname, Number(port), `${method} ${target} HTTP/1.1`, lines);
  return new Promise((done, fail) => {
    const sent = http.request({ host: hostname, port, method, path: target, headers: lines.flat(), agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        const received = new Headers();
        for (let at = 0; at < res.rawHeaders.length; at += 2) received.append(res.rawHeaders[at], res.rawHeaders[at + 1]);
        done({ status: res.statusCode ?? 0, headers: received, body });
      });
    });
    sent.on('error', fail);
    sent.end();
  });
}

/**
 * The request line and header lines written as given, with `Connection: close`; the answer read to its end.
 * @param {string} hostname
 * @param {number} port
 * @param {string} requestLine
 * @param {ReadonlyArray<readonly [string, string]>} lines
 * @returns {Promise<{ status: number, headers: Headers, body: string }>}
 */
function sendOverSocket(hostname, port, requestLine, lines) {
  return new Promise((done, fail) => {
    /** @type {Buffer[]} */
    const chunks = [];
    const socket = net.connect(port, hostname, () =>
      socket.end(`${[requestLine, ...lines.map(([name, value]) => `${name}: ${value}`), 'Connection: close'].join('\r\n')}\r\n\r\n`),
    );
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', fail);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
      const received = new Headers();
      for (const line of headerLines) received.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      done({ status: Number(statusLine.split(' ')[1]), headers: received, body: text.slice(split + 4) });
    });
  });
}
