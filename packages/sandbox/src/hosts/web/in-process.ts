// The sandbox in process: an engine and its web face, with nothing of Node. createSandbox (./fetch)
// returns one; the MSW handlers, the Service Worker and an edge server (edge.ts) mount the same engine.
import type { Credentials } from '../../engine/auth.js';
import type { Payment } from '../../engine/dataset.js';
import { createEngine, type Engine } from '../../engine/engine.js';
import type { SandboxOptions } from '../../engine/settings.js';
import { webHandler } from './handler.js';

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

/** The engine behind a sandbox that openSandbox made, for adapters that mount it elsewhere. */
export function engineOf(sandbox: InProcessSandbox): Engine {
  const engine = engines.get(sandbox);
  if (!engine) throw new TypeError('not a sandbox made by createSandbox()');
  return engine;
}
