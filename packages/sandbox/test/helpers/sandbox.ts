// Calls a sandbox the way a client does, and checks every answer against the description (see
// spec.ts): a test that gets a response the spec does not allow fails on that response.
import { sendRaw as sendRawRequest } from '@merchant-ordering/test-kit/raw-http';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/index.js';
import { BASIC, type RawRequest } from './raw-request.js';
import { specViolations } from './spec.js';

export { BASIC, type RawRequest };

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
          throw new Error(
            `${method} ${target} -> ${response.status} was expected to be missing from the description; violations: ${JSON.stringify(violations)}`,
          );
        }
      } else if (violations?.length) {
        throw new Error(
          `${method} ${target} -> ${response.status} breaks the description:\n${violations.map((v) => `  ${v.location}: ${v.message}`).join('\n')}`,
        );
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

/** Sends a RawRequest over node:http, exactly as written (the test kit's raw-http), and parses the body. */
export async function sendRaw(url: string, raw: RawRequest): Promise<Answer> {
  const answer = await sendRawRequest(url, raw);
  return { ...answer, json: parse(answer.body) };
}
