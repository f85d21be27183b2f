// Replays the equivalence set (requests.ts) through a host and records what came back, normalised
// only where hosts may differ by design: the errorId (random per occurrence) and the headers a
// transport adds (Date, Connection, Keep-Alive, Transfer-Encoding). Everything else, the body byte
// for byte and every header the engine sets, must be the same on every host.
import { createSandbox, startSandbox, type SandboxOptions } from '../../src/index.js';
import { sendRaw, type RawRequest } from '../helpers/sandbox.js';
import { EQUIVALENCE_GROUPS, type EquivalenceCase, type EquivalenceGroup } from './requests.js';

export interface Observed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function normalise(status: number, headers: Headers, body: string): Observed {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!TRANSPORT_HEADERS.has(name)) kept[name] = value;
  return { status, headers: kept, body: body.replace(/"errorId":"[0-9a-f]{16}"/g, '"errorId":"<16 hex>"') };
}

/** The target a host is sent: `{origin}` (the absolute form) becomes the host's own origin. */
export const targetFor = (entry: RawRequest, origin: string) => entry.target.replace('{origin}', origin);

/** A web Request for an entry: each header line appended in order, as a page's or a test's fetch sends it. */
export function webRequest(entry: RawRequest, origin: string): Request {
  const target = targetFor(entry, origin);
  const headers = new Headers();
  for (const [name, value] of entry.headers) headers.append(name, value);
  // Concatenated, not resolved: `//v2/payments` is a path here, never another host.
  return new Request(target.startsWith('/') ? `${origin}${target}` : target, { method: entry.method, headers });
}

/** Every group, each on a fresh instance from `replay`; the answers in the order of the groups' requests. */
export async function replayGroups(replay: (entries: readonly EquivalenceCase[], options: SandboxOptions) => Promise<Observed[]>, groups: readonly EquivalenceGroup[] = EQUIVALENCE_GROUPS): Promise<Observed[]> {
  const observed: Observed[] = [];
  for (const group of groups) observed.push(...(await replay(group.requests, group.options)));
  return observed;
}

/** Each entry of every group, named after its group (but the first) and itself, for it.each. */
export const NAMED_CASES = EQUIVALENCE_GROUPS.flatMap((group, at) => group.requests.map((entry) => ({ name: at === 0 ? entry.name : `${group.name}: ${entry.name}`, entry })));

/** Headers a page's fetch cannot set (the browser sets them or drops them): such requests cannot go through a page. */
const FORBIDDEN_IN_PAGES = /^(host|origin|access-control-request-.*)$/i;
export const pageCanSend = (entry: RawRequest) => !entry.headers.some(([name]) => FORBIDDEN_IN_PAGES.test(name));

/** The set on a fresh node:http sandbox, over sockets, exactly as written (repeated lines, absolute form). */
export async function replayOnNodeHttp(entries: readonly EquivalenceCase[], options: SandboxOptions): Promise<Observed[]> {
  const sandbox = await startSandbox(options);
  try {
    const observed: Observed[] = [];
    for (const entry of entries) {
      const answer = await sendRaw(sandbox.url, { ...entry, target: targetFor(entry, sandbox.url) });
      observed.push(normalise(answer.status, answer.headers, answer.body));
    }
    return observed;
  } finally {
    await sandbox.close();
  }
}

/** The set through a fresh in-process sandbox's fetch. */
export async function replayInProcess(entries: readonly EquivalenceCase[], options: SandboxOptions, origin = 'https://global-api-sandbox.afterpay.com'): Promise<Observed[]> {
  const sandbox = await createSandbox(options);
  try {
    const observed: Observed[] = [];
    for (const entry of entries) {
      const response = await sandbox.fetch(webRequest(entry, origin));
      observed.push(normalise(response.status, response.headers, await response.text()));
    }
    return observed;
  } finally {
    await sandbox.close();
  }
}
