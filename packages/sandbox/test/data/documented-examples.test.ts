// The description's named examples of List Payments' parameters, sent together as the docs' samples
// send them (every parameter's first example: arrays repeated, `+` as %2B), find payments in the
// default sandbox: the page of the `twoPayments` response example, exactly. Every other combination of
// the named examples finds at least one payment too. The examples are read from the bundled
// description, so a change to them that the dataset does not follow fails here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/index.js';
import { caller } from '../helpers/sandbox.js';

type Json = any;
const spec: Json = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.json'), 'utf8'));
const resolve = (node: Json): Json =>
  typeof node?.$ref === 'string'
    ? resolve(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((parent: Json, key: string) => parent[key], spec),
      )
    : node;

const operation = spec.paths['/v2/payments'].get;
interface Pick {
  name: string;
  in: string;
  example: string;
  value: unknown;
}
/** Each parameter with named examples, and those examples in the order the description lists them. */
const examples: Array<{ name: string; in: string; named: Array<[string, unknown]> }> = operation.parameters
  .map(resolve)
  .filter((parameter: Json) => parameter.examples)
  .map((parameter: Json) => ({
    name: parameter.name,
    in: parameter.in,
    named: Object.entries(parameter.examples).map(([example, node]) => [example, resolve(node).value]),
  }));

/** Every way of picking one named example per parameter. */
const combinations = examples.reduce<Pick[][]>(
  (picked, parameter) =>
    picked.flatMap((chosen) => parameter.named.map(([example, value]) => [...chosen, { name: parameter.name, in: parameter.in, example, value }])),
  [[]],
);
/** A pick by the examples it takes where a parameter has more than one: `fromCreatedDate utc, ...`. */
const label = (pick: Pick[]) =>
  pick
    .filter(({ name }) => examples.find((parameter) => parameter.name === name)!.named.length > 1)
    .map(({ name, example }) => `${name} ${example}`)
    .join(', ');

/** The request target and headers for one pick, encoded as the docs' samples encode them. */
function request(pick: Pick[]) {
  const pairs = pick
    .filter((p) => p.in === 'query')
    .flatMap(({ name, value }) => (Array.isArray(value) ? value : [value]).map((item) => `${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`));
  const headers = Object.fromEntries(pick.filter((p) => p.in === 'header').map(({ name, value }) => [name, String(value)]));
  return { target: `/v2/payments?${pairs.join('&')}`, headers };
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe("List Payments' named examples against the default sandbox", () => {
  it('cover the filters a reader copies: dates, ids, tokens, merchant references, statuses', () => {
    expect(examples.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['fromCreatedDate', 'toCreatedDate', 'ids', 'tokens', 'merchantReferences', 'statuses']),
    );
  });

  it("sent together, each parameter's first example (the request the docs show) gets the twoPayments example's page", async () => {
    // A sandbox of its own, built inside the test: mutation testing tries the documented payments
    // only on tests that build a dataset themselves (tools/mutation/README.md).
    const own = await startSandbox();
    try {
      const { target, headers } = request(combinations[0]!);
      const { status, json } = await caller(own)(target, { headers });
      expect(status).toBe(200);
      const documented = resolve(operation.responses['200'].content['application/json'].examples.twoPayments).value;
      expect(json).toEqual(documented);
    } finally {
      await own.close();
    }
  });

  it.each(combinations.map((pick) => [label(pick), pick] as const))('sent together, with %s, they find at least one payment', async (_label, pick) => {
    const { target, headers } = request(pick);
    const { status, json } = await caller(sandbox)(target, { headers });
    expect(status).toBe(200);
    expect(json.results.length).toBeGreaterThanOrEqual(1);
  });
});
