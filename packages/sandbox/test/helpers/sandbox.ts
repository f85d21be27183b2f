// Calls a sandbox the way a client does, and checks every answer against the description (see
// spec.ts): a test that gets a response the spec does not allow fails on that response.
import http from 'node:http';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { specViolations } from './spec.js';

export const BASIC = `Basic ${Buffer.from('32:abcdefgh').toString('base64')}`;

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  json: any;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** false sends no Authorization header. */
  auth?: boolean;
  /**
   * The description lacks this response (a gap to fix in spec/, listed in the README): the answer
   * must break it with exactly one status violation, so the test notices when the gap is closed.
   */
  specGap?: true;
}

export type Call = (target: string, options?: CallOptions) => Promise<Answer>;

/** A function that calls `sandbox` with `target` (path and raw query, sent as written). */
export function caller(sandbox: Sandbox): Call {
  return async (target, { method = 'GET', headers = {}, auth = true, specGap = false } = {}) => {
    const sent: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'sandbox-tests/1.0', ...headers };
    if (auth) sent.Authorization ??= BASIC;
    const response = await fetch(`${sandbox.url}${target}`, { method, headers: sent });
    const body = await response.text();
    const answer: Answer = { status: response.status, headers: response.headers, body, json: parse(body) };
    const faulted = Object.keys(sent).some((name) => name.toLowerCase() === 'sandbox-fault');
    if (!faulted) {
      const violations = specViolations(method, new URL(target, 'http://x').pathname, answer);
      if (specGap) {
        const undocumented = `${response.status} is not documented`;
        if (violations?.length !== 1 || !violations[0]!.message.startsWith(undocumented)) {
          throw new Error(`${method} ${target} -> ${response.status} was expected to be missing from the description; violations: ${JSON.stringify(violations)}`);
        }
      } else if (violations?.length) {
        throw new Error(`${method} ${target} -> ${response.status} breaks the description:\n${violations.map((v) => `  ${v.location}: ${v.message}`).join('\n')}`);
      }
    }
    return answer;
  };
}

function parse(body: string) {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Starts a sandbox for a test file; `stop` goes in afterAll. */
export async function sandboxFor(options: SandboxOptions = {}) {
  const sandbox = await startSandbox(options);
  return { sandbox, call: caller(sandbox), stop: () => sandbox.close() };
}

/** A List Payments query string from pairs, each value percent-encoded on its own. */
export function query(pairs: Array<[string, string | number | boolean]>): string {
  return pairs.length ? `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&')}` : '';
}

/** A request exactly as it goes on the wire: any target form, headers in order, repeats kept. */
export interface RawRequest {
  method: string;
  /** Origin form (`/v2/payments?limit=1`) or absolute form (`http://127.0.0.1:4011/v2/payments`). */
  target: string;
  /** Each one a header line, in this order; without a Host line, one naming the server comes first. */
  headers: ReadonlyArray<readonly [string, string]>;
}

/**
 * Sends a RawRequest over node:http, which (unlike fetch) keeps repeated lines and the target as given.
 * `http.request` is looked up at each call, so an interceptor that patches it (MSW's) sees the request.
 */
export function sendRaw(url: string, { method, target, headers }: RawRequest): Promise<Answer> {
  const { host, hostname, port } = new URL(url);
  const lines = headers.some(([name]) => name.toLowerCase() === 'host') ? headers : [['Host', host] as const, ...headers];
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: hostname, port, method, path: target, headers: lines.flat(), agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (let at = 0; at < res.rawHeaders.length; at += 2) responseHeaders.append(res.rawHeaders[at]!, res.rawHeaders[at + 1]!);
        resolve({ status: res.statusCode!, headers: responseHeaders, body, json: parse(body) });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}
