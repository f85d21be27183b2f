// What the console sends, checked against the sandbox: each operation's form as it opens gets the
// promised answer, each worked mistake gets the status the description documents for it, and the
// request is the docs' own sample request with another base URL. The URL goes through the WHATWG URL
// parser first, as fetch does in the page, so what the sandbox gets is what a browser sends.
import type { Sandbox } from '@merchant-ordering/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleState } from '../../console/form-state';
import { mistakesFor } from '../../console/mistakes';
import { consoleOperations } from '../../console/operations';
import { buildRequest, type ConsoleRequest } from '../../console/request';
import { exampleRequest, sandboxServer } from '../../scripts/code-samples.mjs';
import { send } from '../support/http-exchange';
import { readSpec } from '../support/paths';
import { sampleProblems, sampleQuery } from '../support/sample-check';
import { startSampleSandbox } from '../support/sandbox-samples';

const spec = readSpec();
const operations = consoleOperations(spec);
const BASE = 'http://127.0.0.1:4010';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSampleSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** Sends as fetch would: the URL parsed (and so normalised) by the WHATWG parser, then sent as is. */
function sendAsFetchWould({ method, url, headers }: ConsoleRequest) {
  const { pathname, search } = new URL(url);
  return send(sandbox.url, { method, target: pathname + search, headers });
}

describe.each(operations)('the console on $operationId', (operation) => {
  it('sends the request of the docs’ sample, to the base URL it is given', () => {
    const request = buildRequest(operation, exampleState(spec, operation), BASE);
    expect(request.url).toBe(exampleRequest(spec, operation.entry).url.replace(sandboxServer(spec), BASE));
    expect(request.headers.Accept).toBe(operation.accept);
    expect('Authorization' in request.headers).toBe(operation.requiresAuth);
  });

  it('gets the promised answer with the examples', async () => {
    const exchange = await sendAsFetchWould(buildRequest(operation, exampleState(spec, operation), BASE));
    const sent = { method: operation.method, path: operation.path, query: sampleQuery(spec, operation.method, operation.path) };
    expect(sampleProblems(spec, sent, exchange), exchange.body).toEqual([]);
    if (operation.operationId === 'listPayments') expect(JSON.parse(exchange.body).results.length).toBeGreaterThanOrEqual(1);
  });

  it.each(mistakesFor(spec, operation, 'page').map((mistake) => [mistake.label, mistake]))(
    'gets the documented status for the worked mistake "%s"',
    async (_, mistake) => {
      expect(String(mistake.status) in operation.statuses).toBe(true);
      const exchange = await sendAsFetchWould(buildRequest(operation, mistake.state, BASE));
      expect(exchange.status, `${exchange.target}\n${exchange.body}`).toBe(mistake.status);
    },
  );
});

describe('the worked mistakes', () => {
  it('are the four the docs promise, where the operation can make them', () => {
    const ids = Object.fromEntries(
      operations.map((operation) => [operation.operationId, mistakesFor(spec, operation, 'page').map(({ id, status }) => `${id} ${status}`)]),
    );
    expect(ids).toEqual({
      getConfiguration: ['credentials 401', 'comma 500', 'brackets 500'],
      listPayments: ['credentials 401', 'limit 422', 'comma 500', 'brackets 500', 'plus 500'],
      ping: [],
    });
  });

  it('send limit one past its maximum, and a raw + that the URL parser leaves as it is', () => {
    const listPayments = operations.find(({ operationId }) => operationId === 'listPayments')!;
    const byId = Object.fromEntries(mistakesFor(spec, listPayments, 'page').map((mistake) => [mistake.id, buildRequest(listPayments, mistake.state, BASE)]));
    expect(new URL(byId.limit!.url).searchParams.get('limit')).toBe('251');
    const raw = new URL(byId.plus!.url).search;
    expect(raw).toMatch(/fromCreatedDate=[^&]*\+11:00/);
    expect(raw).not.toContain('%2B11');
    expect(new URL(byId.comma!.url).search).toMatch(/statuses=APPROVED,DECLINED/);
    expect(new URL(byId.brackets!.url).search).toMatch(/statuses%5B%5D=APPROVED&statuses%5B%5D=DECLINED/);
  });

  it('keep the target the reader chose', () => {
    for (const operation of operations) {
      for (const mistake of mistakesFor(spec, operation, 'http://localhost:4010')) expect(mistake.state.target).toBe('http://localhost:4010');
    }
  });
});
