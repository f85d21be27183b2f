// Replays the equivalence set (requests.ts) through a host and records what came back, normalised as
// the test kit's equivalence.js does it (the runtime matrix and workerd share that code):
// only the errorId and the headers a transport adds. Everything else must be the same on every host.
import { normalise, targetFor, webRequest, type Observed } from '@merchant-ordering/test-kit/equivalence';
import { createSandbox, startSandbox, type SandboxOptions } from '../../src/index.js';
import { sendRaw, type RawRequest } from '../helpers/sandbox.js';
import { EQUIVALENCE_GROUPS, type EquivalenceCase, type EquivalenceGroup } from './requests.js';

export { normalise, targetFor, webRequest, type Observed };

/** Every group, each on a fresh instance from `replay`; the answers in the order of the groups' requests. */
export async function replayGroups(
  replay: (entries: readonly EquivalenceCase[], options: SandboxOptions) => Promise<Observed[]>,
  groups: readonly EquivalenceGroup[] = EQUIVALENCE_GROUPS,
): Promise<Observed[]> {
  const observed: Observed[] = [];
  for (const group of groups) observed.push(...(await replay(group.requests, group.options)));
  return observed;
}

/** Each entry of every group, named after its group (but the first) and itself, for it.each. */
export const NAMED_CASES = EQUIVALENCE_GROUPS.flatMap((group, at) =>
  group.requests.map((entry) => ({ name: at === 0 ? entry.name : `${group.name}: ${entry.name}`, entry })),
);

/** Headers a page's fetch cannot set (the browser sets them or drops them): such requests cannot go through a page. */
const FORBIDDEN_IN_PAGES = /^(host|origin|access-control-request-.*)$/i;
export const pageCanSend = (entry: RawRequest) => !entry.headers.some(([name]) => FORBIDDEN_IN_PAGES.test(name));

/**
 * MSW 3 sends a request whose method is not in upper case (`patch`, `Propfind`: fetch normalises only
 * the six standard ones) to the network, past every handler, and Node's http.request sends every method
 * in upper case: such requests never reach createHandlers() (test/msw/handlers.test.ts shows it).
 */
export const mswCanCatch = (entry: RawRequest) => entry.method === entry.method.toUpperCase();

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
export async function replayInProcess(
  entries: readonly EquivalenceCase[],
  options: SandboxOptions,
  origin = 'https://global-api-sandbox.afterpay.com',
): Promise<Observed[]> {
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
