// Every curl sample, parsed by a real shell, gets from the sandbox (@merchant-ordering/sandbox, which
// checks credentials, array and date encoding as the service does) the answer the description
// promises. A `curl` shell function stands in for curl and prints its arguments, so the test needs no
// curl and sends nothing to the real sandbox; the request is then sent to the local sandbox exactly
// as written, with no re-encoding.
import type { Sandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization, sandboxServer, WORKED_EXAMPLE } from '../scripts/code-samples.mjs';
import { parseCurl, shellArguments } from './support/curl';
import { send } from './support/http-exchange';
import { documentedOperations } from './support/operations';
import { readDocsBundle } from './support/paths';
import { sampleProblems, sampleQuery } from './support/sample-check';
import { listQueryFor, samplesWithQuery, startSampleSandbox } from './support/sandbox-samples';

const docs = readDocsBundle();
const sandboxHost = sandboxServer(docs);
const operations = documentedOperations(docs);

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSampleSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** Runs a curl sample's request against the local sandbox. */
async function run(sample: string) {
  const request = parseCurl(await shellArguments(sample));
  if (!request.url.startsWith(sandboxHost)) throw new Error(`the sample calls ${request.url}, not the sandbox`);
  return send(sandbox.url, { method: request.method, target: request.url.slice(sandboxHost.length), headers: request.headers });
}

describe.each(operations)('the curl sample of $operationId', ({ method, path, samples }) => {
  const sample = samples.curl as string;
  const sent = { method, path, query: sampleQuery(docs, method, path) };

  it('calls the sandbox with the method and path of the operation', async () => {
    const request = parseCurl(await shellArguments(sample));
    expect(request.method).toBe(method);
    expect(request.url.startsWith(`${sandboxHost}${path}`), request.url).toBe(true);
  });

  it('gets the promised status and a body the description allows, whose payments match its filters', async () => {
    const exchange = await run(sample);
    expect(sampleProblems(docs, sent, exchange), `${exchange.target}\n${exchange.body}`).toEqual([]);
  });
});

const withCredentials = operations.filter(({ samples }) => (samples.curl as string).includes('Authorization'));
describe.each(withCredentials)('the curl sample of $operationId, with other credentials', ({ method, path, samples }) => {
  it('fails the check: the sandbox answers 401', async () => {
    const sample = samples.curl as string;
    const broken = sample.replace(basicAuthorization(WORKED_EXAMPLE), basicAuthorization({ ...WORKED_EXAMPLE, secretKey: 'wrong-key' }));
    expect(broken).not.toBe(sample);
    const problems = sampleProblems(docs, { method, path, query: sampleQuery(docs, method, path) }, await run(broken));
    expect(problems).toContain('status 401, the description promises 200');
  });
});

describe('the List Payments curl sample, with filter values the sandbox holds', () => {
  const method = 'GET';
  const path = '/v2/payments';
  const sampleWith = (query: Record<string, unknown>) => samplesWithQuery(docs, method, path, query).curl as string;

  it('returns exactly the payments its filters select, including references with +, & and unicode', async () => {
    const { query, ids } = listQueryFor(sandbox.payments());
    const exchange = await run(sampleWith(query));
    expect(sampleProblems(docs, { method, path, query }, exchange), exchange.body).toEqual([]);
    const page = JSON.parse(exchange.body);
    expect(page.results.map(({ id }: { id: string }) => id).sort()).toEqual([...ids].sort());
    expect(page.totalResults).toBe(ids.length);
  });

  it('fails the check with a + left unencoded (it arrives as a space, and the date is malformed)', async () => {
    const { query } = listQueryFor(sandbox.payments());
    const sample = sampleWith(query);
    const broken = sample.replaceAll('%2B', '+');
    expect(broken).not.toBe(sample);
    const problems = sampleProblems(docs, { method, path, query }, await run(broken));
    expect(problems).toContain('status 500, the description promises 200');
  });

  it('fails the check when the filters are not sent: the payments then do not match them', async () => {
    const { query } = listQueryFor(sandbox.payments());
    const broken = sampleWith(query).replace(/\?[^']*'/, "'");
    const problems = sampleProblems(docs, { method, path, query }, await run(broken));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.startsWith('payment '))).toBe(true);
  });
});
