// The client as built (packages/client/dist), pointed at the matrix's sandbox with its credentials.
// Retries are off unless a scenario turns them on, so an unexpected status surfaces at once, and
// logging is off so a runtime's output is only its result line. Runtime-neutral: no node:* imports.
import { createClient } from '../../../packages/client/dist/index.js';

export * from '../../../packages/client/dist/index.js';
export { rawClient } from '../../../packages/client/dist/raw.js';

/** The sandbox's request header that injects a fault into that request only. */
export const FAULT_HEADER = 'Sandbox-Fault';

/**
 * A client for the sandbox; `options` overrides createClient's (retries, timeouts, fetch, credentials).
 * A context with a `fetch` (the in-process sandbox's) gets it as the client's transport.
 */
export function clientFor({ baseUrl, credentials, fetch }, options = {}) {
  return createClient({ ...credentials, baseUrl, retries: 0, logLevel: 'off', ...(fetch && { fetch }), ...options });
}

/**
 * A fetch that adds `Sandbox-Fault: <fault>` to the first `times` requests (every one without `times`)
 * and records each request's URL and fault, for a client's `fetch` option: the client's methods take
 * no per-call headers. It sends through the context's fetch, or the global one.
 */
export function faultingFetch(context, fault, times = Infinity) {
  const sent = [];
  const send = (request) => {
    const faulted = sent.length < times;
    const copy = new Request(request);
    if (faulted) copy.headers.set(FAULT_HEADER, fault);
    sent.push({ url: copy.url, fault: faulted ? fault : undefined });
    return (context.fetch ?? fetch)(copy);
  };
  return Object.assign(send, { sent });
}
