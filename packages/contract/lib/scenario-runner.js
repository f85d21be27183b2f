// Sends the shared provider scenarios to a server and checks each exchange against the description:
// the request (so a scenario cannot drift from the spec), the expected status, and the response.
import { findOperation } from './spec-document.js';
import { checkRequest } from './request-check.js';
import { checkResponse } from './response-check.js';

// The API's read timeout (x-timeouts.readSeconds) bounds each request.
const READ_TIMEOUT_MS = 20_000;

/**
 * @param {{ baseUrl: string, credentials: { merchantId: string, secretKey: string }, scenarios: any[],
 *           doc: any, validator: any, userAgent: string }} options
 */
export async function runScenarios({ baseUrl, credentials, scenarios, doc, validator, userAgent }) {
  const results = [];
  for (const scenario of scenarios) {
    results.push(await runScenario(scenario, { baseUrl, credentials, doc, validator, userAgent }));
  }
  return {
    results,
    violationCount: results.reduce((sum, result) => sum + result.violations.length, 0),
    failedScenarios: results.filter((result) => result.violations.length > 0).length,
  };
}

async function runScenario(scenario, { baseUrl, credentials, doc, validator, userAgent }) {
  const { request, expect } = scenario;
  const operation = findOperation(doc, request.method, request.path);
  const query = request.query ?? [];
  const url = `${baseUrl.replace(/\/+$/, '')}${request.path}${queryString(query)}`;
  const headers = { 'User-Agent': userAgent, ...request.headers };
  const authorization = authorizationFor(request.auth, credentials);
  if (authorization !== undefined) headers.Authorization = authorization;

  const result = { name: scenario.name, method: request.method, url, status: undefined, violations: [] };
  if (!operation) {
    result.violations.push({ kind: 'scenario', location: '', message: `${request.method} ${request.path} is not an operation of the description` });
    return result;
  }
  result.violations.push(...requestViolations(operation, { query, headers }, expect.requestViolates ?? [], validator));

  let response;
  try {
    response = await fetch(url, { method: request.method, headers, redirect: 'manual', signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
  } catch (error) {
    result.violations.push({ kind: 'transport', location: '', message: `failed: ${error.cause?.code ?? error.message}` });
    return result;
  }
  const body = await response.text();
  result.status = response.status;

  const responseViolations = checkResponse(operation, { status: response.status, headers: Object.fromEntries(response.headers), body }, validator);
  const expected = [expect.status].flat();
  if (!expected.includes(response.status)) {
    // One status line per exchange: merge "unexpected" with "undocumented" when both apply.
    const undocumented = responseViolations.findIndex((violation) => violation.kind === 'status');
    const message = `expected ${expected.join(' or ')}, got ${response.status}`;
    if (undocumented >= 0) {
      responseViolations[undocumented].message = `${message}; ${responseViolations[undocumented].message}`;
    } else {
      responseViolations.unshift({ kind: 'status', location: '', message });
    }
  }
  result.violations.push(...responseViolations);
  return result;
}

// A negative scenario must break the contract exactly where it says; anything else is scenario rot.
function requestViolations(operation, request, intended, validator) {
  const found = checkRequest(operation, request, validator);
  const isIntended = (violation) =>
    intended.some((location) => violation.location === location || violation.location.startsWith(`${location}/`));
  const violations = found.filter((violation) => !isIntended(violation));
  for (const location of intended) {
    if (!found.some((violation) => violation.location === location || violation.location.startsWith(`${location}/`))) {
      violations.push({ kind: 'scenario', location, message: 'the scenario means to break the contract here, but the request conforms' });
    }
  }
  return violations;
}

function authorizationFor(auth, credentials) {
  if (auth === 'none') return undefined;
  if (auth === 'credentials') {
    return `Basic ${Buffer.from(`${credentials.merchantId}:${credentials.secretKey}`, 'utf8').toString('base64')}`;
  }
  if (auth && typeof auth.header === 'string') return auth.header;
  throw new Error(`Unknown auth in scenario: ${JSON.stringify(auth)}`);
}

// Each value percent-encoded on its own (encodeURIComponent): `+` travels as %2B, arrays repeat the key.
function queryString(pairs) {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}
