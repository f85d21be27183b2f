// The sandbox in process: an engine and its web face, with nothing of Node. createSandbox (./fetch)
// returns one; the MSW handlers and the Service Worker mount the same engine under their base URLs.
import type { Credentials } from './auth.js';
import type { Payment } from './dataset.js';
import { createEngine, type Engine } from './engine.js';
import type { SandboxOptions } from './settings.js';
import { webHandler } from './web-handler.js';

export interface InProcessSandbox {
  /** A standard fetch answered by the sandbox, by path, whatever the origin of the URL. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  credentials: Readonly<Credentials>;
  /** A copy of the payments as they are now (the dataset plus any inserted). */
  payments(): Payment[];
  /** Ends every pending timer; a stalled, delayed or slow answer fails as a closed connection would, and later calls are refused. */
  close(): Promise<void>;
}

const engines = new WeakMap<InProcessSandbox, Engine>();

/** A sandbox in process, at once; throws SandboxOptionError for a bad option. */
export function openSandbox(options: SandboxOptions = {}): InProcessSandbox {
  const engine = createEngine(options);
  const handle = webHandler(engine);
  const sandbox: InProcessSandbox = {
    fetch: async (input, init) => handle(input instanceof Request && init === undefined ? input : new Request(input, init)),
    credentials: engine.credentials,
    payments: engine.payments,
    close: engine.close,
  };
  engines.set(sandbox, engine);
  return sandbox;
}

/**
 * The sandbox as the fetch handler of an HTTP server that sends what it returns: Deno.serve, Bun.serve,
 * a Cloudflare Worker's `fetch`. Only the socket faults differ from `sandbox.fetch` (web-response.ts).
 */
export function httpHandler(sandbox: InProcessSandbox): (request: Request) => Promise<Response> {
  return webHandler(engineOf(sandbox), { delivery: 'http' });
}

/** The engine behind a sandbox that openSandbox made, for adapters that mount it elsewhere. */
export function engineOf(sandbox: InProcessSandbox): Engine {
  const engine = engines.get(sandbox);
  if (!engine) throw new TypeError('not a sandbox made by createSandbox()');
  return engine;
}
