// The equivalence set's replay and comparison, in plain ESM with nothing of Node, so that the same
// code runs in the sandbox's own tests, in every runtime of the matrix and inside workerd. An answer
// is normalised only where hosts may differ by design: the errorId (random per occurrence) and the
// headers a transport adds (Date, Connection, Keep-Alive, Transfer-Encoding; and Content-Length where
// a server streams the body). Everything else, the body byte for byte and every header the engine
// sets, must be the same on every host.

/** @typedef {{ method: string, target: string, headers: ReadonlyArray<readonly [string, string]> }} RawRequest */
/** @typedef {RawRequest & { name: string, status: number | readonly number[] }} EquivalenceCase */
/** @typedef {{ name: string, options: object, requests: EquivalenceCase[] }} EquivalenceGroup */
/** @typedef {{ status: number, headers: Record<string, string>, body: string }} Observed */

const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * @param {number} status
 * @param {Headers} headers
 * @param {string} body
 * @returns {Observed}
 */
export function normalise(status, headers, body) {
  /** @type {Record<string, string>} */
  const kept = {};
  for (const [name, value] of headers) if (!TRANSPORT_HEADERS.has(name)) kept[name] = value;
  return { status, headers: kept, body: body.replace(/"errorId":"[0-9a-f]{16}"/g, '"errorId":"<16 hex>"') };
}

/** The target a host is sent: `{origin}` (the absolute form) becomes the host's own origin. */
export const targetFor = (/** @type {RawRequest} */ entry, /** @type {string} */ origin) => entry.target.replace('{origin}', origin);

/**
 * A web Request for an entry: each header line appended in order, as a page's or a test's fetch sends it.
 * @param {RawRequest} entry
 * @param {string} origin
 * @returns {Request}
 */
export function webRequest(entry, origin) {
  const target = targetFor(entry, origin);
  const headers = new Headers();
  for (const [name, value] of entry.headers) headers.append(name, value);
  // Concatenated, not resolved: `//v2/payments` is a path here, never another host.
  return new Request(target.startsWith('/') ? `${origin}${target}` : target, { method: entry.method, headers });
}

/**
 * Sends a group's requests in order through `fetch` and records the answers.
 * @param {(request: Request) => Promise<Response>} fetch
 * @param {EquivalenceGroup} group
 * @param {string} origin
 * @returns {Promise<Observed[]>}
 */
export async function replayGroup(fetch, group, origin) {
  const observed = [];
  for (const entry of group.requests) {
    const response = await fetch(webRequest(entry, origin));
    observed.push(normalise(response.status, response.headers, await response.text()));
  }
  return observed;
}

/** Whether this runtime's Request carries `method` exactly as written. */
const runtimeKeepsMethod = (/** @type {string} */ method) => new Request('http://localhost/', { method }).method === method;

/**
 * What differs between two recordings of a group, one line per request that differs.
 * @param {EquivalenceGroup} group
 * @param {Observed[]} expected
 * @param {Observed[]} observed
 * @param {{ ignoreHeaders?: string[] }} [options] headers left out on both sides
 */
export function differences(group, expected, observed, { ignoreHeaders = [] } = {}) {
  const strip = (/** @type {Observed} */ answer) => ({
    ...answer,
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !ignoreHeaders.includes(name))),
  });
  return group.requests.flatMap((entry, at) => {
    // Bun and workerd upper-case every method a Request is given (the Fetch standard does only the six
    // standard ones): there no host can receive `patch` as sent, so the case does not exist on that runtime.
    if (!runtimeKeepsMethod(entry.method)) return [];
    const want = JSON.stringify(strip(expected[at]));
    const got = JSON.stringify(observed[at] && strip(observed[at]));
    if (want === got) return [];
    /** @type {Partial<Observed>[]} */
    const [a = {}, b = {}] = [expected[at], observed[at]];
    const parts = [];
    if (a.status !== b.status) parts.push(`status ${b.status} instead of ${a.status}`);
    if (JSON.stringify(a.headers && strip(/** @type {Observed} */ (a)).headers) !== JSON.stringify(b.headers && strip(/** @type {Observed} */ (b)).headers))
      parts.push(`headers ${JSON.stringify(b.headers)} instead of ${JSON.stringify(a.headers)}`);
    if (a.body !== b.body) parts.push(`body ${JSON.stringify(String(b.body).slice(0, 120))} instead of ${JSON.stringify(String(a.body).slice(0, 120))}`);
    return [`${entry.name}: ${parts.join('; ')}`];
  });
}

/**
 * Every group through a fresh in-process sandbox each, as scenario results: one per group, failed
 * with the requests that differ from `reference` (the node:http host's answers, group by group).
 * @param {(options: object) => Promise<{ fetch: (request: Request) => Promise<Response>, close: () => Promise<void> }>} createSandbox
 * @param {EquivalenceGroup[]} groups
 * @param {Observed[][]} reference
 */
export async function equivalenceResults(createSandbox, groups, reference) {
  const results = [];
  for (const [at, group] of groups.entries()) {
    const name = equivalenceScenarioName(group);
    try {
      const sandbox = await createSandbox(group.options);
      try {
        const found = differences(group, reference[at], await replayGroup(sandbox.fetch, group, 'https://global-api-sandbox.afterpay.com'));
        results.push(
          found.length
            ? { name, passed: false, error: `${found.length} of ${group.requests.length} differ:\n${found.slice(0, 10).join('\n')}` }
            : { name, passed: true },
        );
      } finally {
        await sandbox.close();
      }
    } catch (error) {
      results.push({ name, passed: false, error: String((error instanceof Error && error.stack) || error) });
    }
  }
  return results;
}

/** The matrix's name for a group's scenario. */
export const equivalenceScenarioName = (/** @type {EquivalenceGroup} */ group) =>
  `engine › equivalence: ${group.name} (${group.requests.length} requests) as on node:http`;

export const NOTHING_OF_NODE = 'engine › the runtime gives it nothing of Node: no Buffer, no process, no node:* module';

/** A scenario result: whether this runtime has none of Node's globals or modules (run inside workerd). */
export async function nothingOfNode() {
  const found = [typeof Buffer !== 'undefined' && 'Buffer', typeof process !== 'undefined' && 'process'].filter(Boolean);
  try {
    await import('node:buffer');
    found.push('node:buffer');
  } catch {
    // refused, as it must be
  }
  return found.length ? { name: NOTHING_OF_NODE, passed: false, error: `the runtime has ${found.join(', ')}` } : { name: NOTHING_OF_NODE, passed: true };
}
