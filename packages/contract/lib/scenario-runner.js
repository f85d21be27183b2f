// Sends the shared provider scenarios to a server and checks each exchange against the description:
// the request (so a scenario cannot drift from the spec), the expected status, and the response.
//
// The server is untrusted. Each exchange has a deadline and each body a byte cap; a body that cannot
// be read (too large, stalled, cut off, badly chunked, not decompressible) or parsed within limits is a
// violation of its scenario, and the run goes on. Only a server that gives no answer at all to the
// first request stops the run: there is nothing to check.
import { readBody } from './body-reader.js';
import { redactorFor } from './credentials.js';
import { findOperation } from './spec-document.js';
import { checkRequest } from './request-check.js';
import { checkResponse } from './response-check.js';
import { listViolations } from './violation-preview.js';

/**
 * One entry of provider-scenarios.json (@merchant-ordering/spec's vectors).
 * @typedef {{ name: string, request: { method: string, path: string, query?: Array<[string, string]>, headers?: Record<string, string>, auth?: 'none' | 'credentials' | { header: string } }, expect: { status: number | number[], requestViolates?: string[] } }} Scenario
 * @typedef {{ baseUrl: string, credentials: import('./types.js').Credentials, doc: import('./types.js').OpenApiDocument, validator: import('./types.js').SchemaValidator, userAgent: string, maxResponseBytes: number, timeoutSeconds: number }} Context
 * @typedef {{ name: string, method: string, url: string, status?: number }} Exchange
 */

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 2 ** 20;
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * @param {import('./types.js').ReadLimits & { baseUrl: string, credentials: import('./types.js').Credentials, scenarios: unknown[], doc: import('./types.js').OpenApiDocument, validator: import('./types.js').SchemaValidator, userAgent: string }} options
 * @returns {Promise<import('./types.js').ScenarioRun>}
 */
export async function runScenarios({
  baseUrl,
  credentials,
  scenarios,
  doc,
  validator,
  userAgent,
  maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  timeoutSeconds = DEFAULT_TIMEOUT_SECONDS,
}) {
  const redact = redactorFor(credentials);
  const context = { baseUrl, credentials, doc, validator, userAgent, maxResponseBytes, timeoutSeconds };
  const startedAt = new Date().toISOString();
  /** @type {import('./types.js').ScenarioResult[]} */
  const results = [];
  let answered = false;
  for (const scenario of /** @type {Scenario[]} */ (scenarios)) {
    const { result, found, noResponse } = await runScenario(scenario, context);
    if (noResponse && !answered) throw new Error(redact(`${result.url}: ${noResponse}`));
    answered ||= result.status !== undefined;
    const { listed, unlisted } = listViolations(found, redact);
    results.push({ ...result, name: redact(result.name), url: redact(result.url), violations: listed, unlistedViolations: unlisted });
  }
  return {
    startedAt,
    results,
    violationCount: results.reduce((sum, result) => sum + result.violations.length + result.unlistedViolations, 0),
    failedScenarios: results.filter((result) => result.violations.length > 0).length,
  };
}

/**
 * @param {Scenario} scenario
 * @param {Context} context
 * @returns {Promise<{ result: Exchange & { durationMs: number }, found: import('./types.js').Violation[], noResponse?: string }>}
 */
async function runScenario(scenario, { baseUrl, credentials, doc, validator, userAgent, maxResponseBytes, timeoutSeconds }) {
  const started = performance.now();
  const { request, expect } = scenario;
  const operation = findOperation(doc, request.method, request.path);
  const query = request.query ?? [];
  const url = `${baseUrl.replace(/\/+$/, '')}${request.path}${queryString(query)}`;
  /** @type {Record<string, string>} */
  const headers = { 'User-Agent': userAgent, ...request.headers };
  const authorization = authorizationFor(request.auth, credentials);
  if (authorization !== undefined) headers.Authorization = authorization;

  /** @type {Exchange} */
  const result = { name: scenario.name, method: request.method, url, status: undefined };
  /** @type {import('./types.js').Violation[]} */
  const found = [];
  const done = (/** @type {{ noResponse?: string }} */ outcome = {}) => ({
    result: { ...result, durationMs: Math.round(performance.now() - started) },
    found,
    ...outcome,
  });
  if (!operation) {
    found.push({ kind: 'scenario', location: '', message: `${request.method} ${request.path} is not an operation of the description` });
    return done();
  }
  found.push(...requestViolations(operation, { query, headers }, expect.requestViolates ?? [], validator));

  const { response, read, noResponse } =
    /** @type {{ response: Response, read: { text?: string, problem?: string }, noResponse?: undefined } | { response?: undefined, read?: undefined, noResponse: string }} */ (
      await exchange(url, { method: request.method, headers }, { maxResponseBytes, timeoutSeconds })
    );
  if (noResponse !== undefined) {
    found.push({ kind: 'transport', location: '', message: noResponse });
    return done({ noResponse });
  }
  result.status = response.status;

  const responseViolations = checkResponse(operation, { status: response.status, headers: Object.fromEntries(response.headers), body: read.text }, validator);
  const expected = [expect.status].flat();
  if (!expected.includes(response.status)) {
    // One status line per exchange: merge "unexpected" with "undocumented" when both apply.
    const undocumented = responseViolations.findIndex((violation) => violation.kind === 'status');
    const message = `expected ${expected.join(' or ')}, got ${response.status}`;
    if (undocumented >= 0) {
      const violation = /** @type {import('./types.js').Violation} */ (responseViolations[undocumented]);
      violation.message = `${message}; ${violation.message}`;
    } else {
      responseViolations.unshift({ kind: 'status', location: '', message });
    }
  }
  found.push(...responseViolations);
  if (read.problem) found.push({ kind: 'body', location: '', message: read.problem });
  return done();
}

// One deadline for the whole exchange, headers and body, and a way to hang up early (a body over the
// cap). One controller and a timer, not AbortSignal.any over AbortSignal.timeout: on Node.js 20 the
// timeout signal, held only weakly by the composed one, can be collected and never fire (a stalled body
// then ran to undici's own 300 s).
/**
 * @param {string} url
 * @param {{ method: string, headers: Record<string, string> }} request
 * @param {{ maxResponseBytes: number, timeoutSeconds: number }} limits
 */
async function exchange(url, { method, headers }, { maxResponseBytes, timeoutSeconds }) {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutSeconds} s`, 'TimeoutError')), timeoutSeconds * 1000);
  try {
    const response = await fetch(url, { method, headers, redirect: 'manual', signal: controller.signal });
    return { response, read: await readBody(response, { maxBytes: maxResponseBytes, timeoutSeconds, stop: () => controller.abort() }) };
  } catch (error) {
    return { noResponse: describeFetchFailure(error, timeoutSeconds) };
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * @param {any} error what fetch threw
 * @param {number} timeoutSeconds
 */
function describeFetchFailure(error, timeoutSeconds) {
  if (error?.name === 'TimeoutError') return `no response within ${timeoutSeconds} s (--timeout)`;
  // undici: TypeError('fetch failed') with the reason in `cause`, an AggregateError when every address failed.
  const cause = error?.cause ?? error;
  const reasons = Array.isArray(cause?.errors) && cause.errors.length > 0 ? cause.errors : [cause];
  return `no response: ${[...new Set(reasons.map((/** @type {any} */ reason) => reason?.message || reason?.code || String(reason)))].join('; ')}`;
}

/**
 * A negative scenario must break the contract exactly where it says; anything else is scenario rot.
 * @param {import('./types.js').Operation} operation
 * @param {{ query: Array<[string, string]>, headers: Record<string, string> }} request
 * @param {string[]} intended
 * @param {import('./types.js').SchemaValidator} validator
 */
function requestViolations(operation, request, intended, validator) {
  const found = checkRequest(operation, request, validator);
  const isIntended = (/** @type {import('./types.js').Violation} */ violation) =>
    intended.some((location) => violation.location === location || violation.location.startsWith(`${location}/`));
  const violations = found.filter((violation) => !isIntended(violation));
  for (const location of intended) {
    if (!found.some((violation) => violation.location === location || violation.location.startsWith(`${location}/`))) {
      violations.push({ kind: 'scenario', location, message: 'the scenario means to break the contract here, but the request conforms' });
    }
  }
  return violations;
}

/**
 * @param {Scenario['request']['auth']} auth
 * @param {import('./types.js').Credentials} credentials
 */
function authorizationFor(auth, credentials) {
  if (auth === 'none') return undefined;
  if (auth === 'credentials') {
    return `Basic ${Buffer.from(`${credentials.merchantId}:${credentials.secretKey}`, 'utf8').toString('base64')}`;
  }
  if (auth && typeof auth.header === 'string') return auth.header;
  throw new Error(`Unknown auth in scenario: ${JSON.stringify(auth)}`);
}

// Each value percent-encoded on its own (encodeURIComponent): `+` travels as %2B, arrays repeat the key.
/** @param {Array<[string, string]>} pairs */
function queryString(pairs) {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}
