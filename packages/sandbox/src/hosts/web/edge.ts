// The sandbox on an edge platform or a runtime's HTTP server: Deno.serve, Bun.serve, a Cloudflare
// Worker's `fetch`. Only the socket faults differ from `sandbox.fetch` (response.ts): the server
// sends what the handler returns.
import { webHandler } from './handler.js';
import { engineOf, type InProcessSandbox } from './in-process.js';

/** The sandbox as the fetch handler of an HTTP server that sends what it returns. */
export function httpHandler(sandbox: InProcessSandbox): (request: Request) => Promise<Response> {
  return webHandler(engineOf(sandbox), { delivery: 'http' });
}
