import { createClient, type ClientOptions } from '../../src/index.js';
import { fakeFetch, type Handler, json } from './fake-fetch.js';
import { recordingLogger } from './logger.js';

export const CREDENTIALS = { merchantId: '60032000', secretKey: 'test-secret-key-0123456789' } as const;

export const EMPTY_PAGE = { totalResults: 0, offset: 0, limit: 20, results: [] };

/**
 * A sandbox client whose fetch answers with `handler` (by default an empty page) and records requests.
 * It logs into `log`, not the console: a green run prints nothing that looks like a call to the real service.
 */
export function clientWith(handler: Handler = () => json(EMPTY_PAGE), options: Partial<ClientOptions> = {}) {
  const fetch = fakeFetch(handler);
  const { logger, lines: log } = recordingLogger();
  const client = createClient({ ...CREDENTIALS, environment: 'sandbox', fetch, retries: 0, logger, ...options } as ClientOptions);
  return { client, fetch, log };
}

/** The messages of the retries a client logged, without the package prefix. */
export const retriesIn = (log: { level: string; message: string }[]) =>
  log.filter(({ level }) => level === 'warn').map(({ message }) => message.replace('[@merchant-ordering/client] ', ''));
