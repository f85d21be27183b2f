// node:assert helpers for the scenarios, with failure messages that say what broke.
import assert from 'node:assert/strict';

/** Asserts a value matches a schema of the description; the failure lists every error with its path. */
export function assertMatchesSchema(context, value, pointer) {
  assert.deepEqual(context.schemaErrors(value, pointer), [], `the value does not match ${pointer}`);
}

/** Like vitest's toMatchObject for flat objects: each listed property equals the expected value. */
export function assertHasProperties(actual, expected) {
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(actual?.[key], value, `property ${key}`);
  }
}

/** What a promise rejects with; fails if it resolves. */
export async function rejectionOf(promise, what) {
  return promise.then(
    () => assert.fail(`${what}: the client resolved instead of throwing`),
    (thrown) => thrown,
  );
}
