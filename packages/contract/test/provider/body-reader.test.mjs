// The body reader (lib/body-reader.js), in this process: the byte cap at its boundary, text decoded
// across chunks, and the exact description of each way a body can fail, from bodies built here and
// from a raw socket server whose answers node:http cannot write (cut off, badly chunked, not inflatable).
import { once } from 'node:events';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../lib/body-reader.js';

const bytes = (...values) => new Uint8Array(values);
const text = (value) => new TextEncoder().encode(value);

/** A Response whose body gives `chunks` in turn, then ends, or fails with `error`. */
function responseOf(chunks, { headers = {}, error } = {}) {
  const queue = [...chunks];
  // One chunk a read, then the end or the error (an error in start() would drop the queued chunks).
  const body = new ReadableStream({
    pull(controller) {
      if (queue.length > 0) controller.enqueue(queue.shift());
      else if (error === undefined) controller.close();
      else controller.error(error);
    },
  });
  return new Response(body, { headers });
}

/** Reads `response` with the given cap, counting calls to `stop`. */
async function read(response, maxBytes = 1000) {
  let stops = 0;
  const answer = await readBody(response, { maxBytes, timeoutSeconds: 7, stop: () => (stops += 1) });
  return { answer, stops };
}

describe('the byte cap', () => {
  it('a body of exactly the cap is read; one byte more is refused and the exchange stopped', async () => {
    expect(await read(responseOf([text('0123456789')]), 10)).toEqual({ answer: { text: '0123456789' }, stops: 0 });
    expect(await read(responseOf([text('0123456789A')]), 10)).toEqual({
      answer: { problem: 'larger than 10 bytes (--max-response-bytes); reading stopped' },
      stops: 1,
    });
  });

  it('counts the bytes of every chunk, and stops at the chunk that passes the cap', async () => {
    expect(await read(responseOf([text('01234'), text('56789')]), 10)).toEqual({ answer: { text: '0123456789' }, stops: 0 });
    expect(await read(responseOf([text('012345'), text('6789A'), text('never read')]), 10)).toEqual({
      answer: { problem: 'larger than 10 bytes (--max-response-bytes); reading stopped' },
      stops: 1,
    });
  });

  it('says "after decompression" when the body came with a Content-Encoding', async () => {
    expect(await read(responseOf([text('0123456789A')], { headers: { 'Content-Encoding': 'gzip' } }), 10)).toEqual({
      answer: { problem: 'larger than 10 bytes after decompression (--max-response-bytes); reading stopped' },
      stops: 1,
    });
  });
});

describe('text', () => {
  it('no body is an empty text', async () => {
    expect(await read(new Response(null, { status: 204 }))).toEqual({ answer: { text: '' }, stops: 0 });
  });

  it('a character split across chunks is decoded whole; a truncated one at the end is a replacement character', async () => {
    // "é" is C3 A9 in UTF-8.
    expect(await read(responseOf([bytes(0x22, 0xc3), bytes(0xa9, 0x22)]))).toEqual({ answer: { text: '"é"' }, stops: 0 });
    expect(await read(responseOf([bytes(0x61, 0xc3)]))).toEqual({ answer: { text: 'a\uFFFD' }, stops: 0 });
  });
});

describe('failures, as built bodies', () => {
  const failing = (error, headers = {}) => responseOf([text('{"a":')], { error, headers });

  it('the deadline: incomplete after the timeout, with the bytes read', async () => {
    expect(await read(failing(new DOMException('no answer within 7 s', 'TimeoutError')))).toEqual({
      answer: { problem: 'incomplete after 7 s (--timeout); 5 bytes read' },
      stops: 1,
    });
  });

  it('a closed connection, with the announced length only when the body is not encoded', async () => {
    const closed = (code) => Object.assign(new TypeError('terminated'), { cause: Object.assign(new Error('other side closed'), { code }) });
    expect((await read(failing(closed('UND_ERR_SOCKET'), { 'Content-Length': '100' }))).answer).toEqual({
      problem: 'cut off after 5 of 100 bytes: the connection closed',
    });
    expect((await read(failing(closed('UND_ERR_RES_CONTENT_LENGTH_MISMATCH'), { 'Content-Length': '100' }))).answer).toEqual({
      problem: 'cut off after 5 of 100 bytes: the connection closed',
    });
    expect((await read(failing(closed('UND_ERR_SOCKET'), { 'Content-Length': '100', 'Content-Encoding': 'gzip' }))).answer).toEqual({
      problem: 'cut off after 5 bytes: the connection closed',
    });
    expect((await read(failing(closed('UND_ERR_SOCKET')))).answer).toEqual({ problem: 'cut off after 5 bytes: the connection closed' });
  });

  it('a parser error: before the last chunk, a broken chunk (its reason in brackets, or whole), anything else', async () => {
    const parser = (message) => Object.assign(new TypeError('terminated'), { cause: Object.assign(new Error(message), { name: 'HTTPParserError' }) });
    expect((await read(failing(parser('Response does not match the HTTP/1.1 protocol (Invalid EOF state)')))).answer).toEqual({
      problem: 'cut off after 5 bytes: the connection closed before the last chunk',
    });
    expect((await read(failing(parser('Response does not match the HTTP/1.1 protocol (Invalid character in chunk size)')))).answer).toEqual({
      problem: 'could not be read: the chunked encoding is broken (Invalid character in chunk size); 5 bytes read',
    });
    expect((await read(failing(parser('Bad Chunk extension')))).answer).toEqual({
      problem: 'could not be read: the chunked encoding is broken (Bad Chunk extension); 5 bytes read',
    });
    // The reason is the bracketed part only at the end of the message (spaces after it allowed).
    expect((await read(failing(parser('Invalid character in chunk size (0x7a) near the end')))).answer).toEqual({
      problem: 'could not be read: the chunked encoding is broken (Invalid character in chunk size (0x7a) near the end); 5 bytes read',
    });
    expect((await read(failing(parser('Response does not match the HTTP/1.1 protocol (Invalid character in chunk size)  ')))).answer).toEqual({
      problem: 'could not be read: the chunked encoding is broken (Invalid character in chunk size); 5 bytes read',
    });
    expect((await read(failing(parser('Response does not match the HTTP/1.1 protocol (Invalid header value char)')))).answer).toEqual({
      problem: 'could not be read: Response does not match the HTTP/1.1 protocol (Invalid header value char); 5 bytes read',
    });
  });

  it('a decompression error of zlib, brotli or zstd, when the body is encoded', async () => {
    const coded = (code, message) => Object.assign(new Error(message), { code });
    for (const [code, message] of [
      ['Z_DATA_ERROR', 'incorrect header check'],
      ['ERR__ERROR_FORMAT_PADDING_1', 'Padding error'],
      ['ZSTD_error_prefix_unknown', 'Unknown frame descriptor'],
    ]) {
      expect((await read(failing(coded(code, message), { 'Content-Encoding': 'br' }))).answer).toEqual({
        problem: `could not be decompressed (Content-Encoding: br): ${message}; 5 bytes read`,
      });
      // Without a Content-Encoding it is some other failure.
      expect((await read(failing(coded(code, message)))).answer).toEqual({ problem: `could not be read: ${message}; 5 bytes read` });
    }
    expect((await read(failing(coded('XZ_DATA_ERROR', 'not ours'), { 'Content-Encoding': 'gzip' }))).answer).toEqual({
      problem: 'could not be read: not ours; 5 bytes read',
    });
  });

  it('anything else: its message, else its code, else what it is', async () => {
    expect((await read(failing(new Error('disk on fire')))).answer).toEqual({ problem: 'could not be read: disk on fire; 5 bytes read' });
    expect((await read(failing(Object.assign(new TypeError('terminated'), { cause: new Error('reset by peer') })))).answer).toEqual({
      problem: 'could not be read: reset by peer; 5 bytes read',
    });
    expect((await read(failing(Object.assign(new Error(''), { code: 'EPIPE' })))).answer).toEqual({ problem: 'could not be read: EPIPE; 5 bytes read' });
    expect((await read(failing('a string'))).answer).toEqual({ problem: 'could not be read: a string; 5 bytes read' });
    expect((await read(failing(null))).answer).toEqual({ problem: 'could not be read: null; 5 bytes read' });
    expect((await read(failing(null, { 'Content-Encoding': 'gzip' }))).answer).toEqual({ problem: 'could not be read: null; 5 bytes read' });
  });
});

describe('failures, from a server on a raw socket', () => {
  /** @type {Map<string, string | Buffer>} */
  const answers = new Map([
    ['/cut', 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"minimumAmount":{"amount":"1.01"'],
    [
      '/no-last-chunk',
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n11\r\n{"minimumAmount":\r\n',
    ],
    [
      '/bad-chunk',
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\n{"min\r\nzz\r\nimumAmount"\r\n0\r\n\r\n',
    ],
    ['/not-gzip', 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 12\r\nConnection: close\r\n\r\nnot gzip at '],
    [
      '/gzip',
      Buffer.concat([
        Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: '),
        Buffer.from(`${gzipSync('0'.repeat(2000)).length}\r\nConnection: close\r\n\r\n`),
        gzipSync('0'.repeat(2000)),
      ]),
    ],
  ]);
  let server;
  let baseUrl;
  beforeAll(async () => {
    server = createServer((socket) => {
      let head = '';
      socket.on('error', () => {});
      socket.on('data', (data) => {
        head += data.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        const path = head.split(' ')[1];
        socket.end(answers.get(path));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => server?.close());

  async function fetchAndRead(path, maxBytes = 1000) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${path}`, { signal: controller.signal });
    let stops = 0;
    const answer = await readBody(response, {
      maxBytes,
      timeoutSeconds: 30,
      stop: () => {
        stops += 1;
        controller.abort();
      },
    });
    return { answer, stops };
  }

  it('a body cut off before its Content-Length', async () => {
    expect(await fetchAndRead('/cut')).toEqual({ answer: { problem: 'cut off after 33 of 100 bytes: the connection closed' }, stops: 1 });
  });

  it('a chunked body without its last chunk', async () => {
    expect(await fetchAndRead('/no-last-chunk')).toEqual({
      answer: { problem: 'cut off after 17 bytes: the connection closed before the last chunk' },
      stops: 1,
    });
  });

  it('a chunked body whose chunking breaks', async () => {
    expect(await fetchAndRead('/bad-chunk')).toEqual({
      answer: { problem: 'could not be read: the chunked encoding is broken (Invalid character in chunk size); 5 bytes read' },
      stops: 1,
    });
  });

  it('a body that does not inflate', async () => {
    expect(await fetchAndRead('/not-gzip')).toEqual({
      answer: { problem: 'could not be decompressed (Content-Encoding: gzip): incorrect header check; 0 bytes read' },
      stops: 1,
    });
  });

  it('a gzip body is capped by its inflated size', async () => {
    expect(await fetchAndRead('/gzip', 2000)).toEqual({ answer: { text: '0'.repeat(2000) }, stops: 0 });
    expect(await fetchAndRead('/gzip', 1999)).toEqual({
      answer: { problem: 'larger than 1999 bytes after decompression (--max-response-bytes); reading stopped' },
      stops: 1,
    });
  });
});
