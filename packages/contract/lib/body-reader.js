// Reads a response body as text under a byte cap, counted after decompression (fetch inflates gzip,
// deflate and br as it goes, so a 2 MB bomb is stopped once it has inflated past the cap), and under
// the scenario's deadline (the signal given to fetch also ends the body). A body that cannot be read
// is not an error of the run: the answer says what went wrong, for the report.

/**
 * @param {Response} response
 * @param {{ maxBytes: number, timeoutSeconds: number, stop: () => void }} limits `stop` ends the
 *   exchange (aborts the request), so the server stops sending.
 * @returns {Promise<{ text: string } | { problem: string }>}
 */
export async function readBody(response, { maxBytes, timeoutSeconds, stop }) {
  if (!response.body) return { text: '' };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        stop();
        const inflated = response.headers.has('content-encoding') ? ' after decompression' : '';
        return { problem: `larger than ${maxBytes} bytes${inflated} (--max-response-bytes); reading stopped` };
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    stop();
    return { problem: describeReadFailure(error, { bytes, response, timeoutSeconds }) };
  }
  parts.push(decoder.decode());
  return { text: parts.join('') };
}

// zlib's codes (Z_DATA_ERROR), brotli's (ERR__ERROR_FORMAT_PADDING_1) and zstd's (ZSTD_error_...).
const DECOMPRESSION_ERROR = /^(Z_|ERR__|ZSTD_)/;

// undici ends a failed body with TypeError('terminated') and the reason in `cause`.
/**
 * @param {any} error what the body's read threw
 * @param {{ bytes: number, response: Response, timeoutSeconds: number }} read
 */
function describeReadFailure(error, { bytes, response, timeoutSeconds }) {
  if (error?.name === 'TimeoutError') return `incomplete after ${timeoutSeconds} s (--timeout); ${bytes} bytes read`;
  const cause = error?.cause ?? error;
  const encoding = response.headers.get('content-encoding');
  const length = response.headers.get('content-length');
  if (cause?.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' || cause?.code === 'UND_ERR_SOCKET') {
    const of = length !== null && !encoding ? ` of ${length}` : '';
    return `cut off after ${bytes}${of} bytes: the connection closed`;
  }
  if (cause?.name === 'HTTPParserError' && /Invalid EOF state/.test(cause.message)) {
    return `cut off after ${bytes} bytes: the connection closed before the last chunk`;
  }
  if (cause?.name === 'HTTPParserError' && /chunk/i.test(cause.message)) {
    return `could not be read: the chunked encoding is broken (${parserReason(cause.message)}); ${bytes} bytes read`;
  }
  if (encoding && DECOMPRESSION_ERROR.test(cause?.code)) {
    return `could not be decompressed (Content-Encoding: ${encoding}): ${cause.message}; ${bytes} bytes read`;
  }
  return `could not be read: ${cause?.message || cause?.code || String(cause)}; ${bytes} bytes read`;
}

// "Response does not match the HTTP/1.1 protocol (Invalid character in chunk size)" -> the part in brackets.
/** @param {string} message */
function parserReason(message) {
  return /\(([^()]+)\)\s*$/.exec(message)?.[1] ?? message;
}
