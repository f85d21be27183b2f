// Every response the tests get is checked against the bundled description (JSON Schema 2020-12,
// through the contract kit's response check): its status is documented for the operation, its
// Content-Type is a documented one, and its body matches the schema. Injected faults and paths the
// description does not have are left out: the spec does not describe them.
import { createRequire } from 'node:module';
import { checkResponse } from '@merchant-ordering/tools/contract/response-check.mjs';
import { createSchemaValidator } from '@merchant-ordering/tools/contract/schema-validator.mjs';
import { findOperation, loadSpec } from '@merchant-ordering/tools/contract/spec-document.mjs';

const doc = loadSpec(createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.json'));
const validator = createSchemaValidator(doc);

/** How many responses have been checked in this test file. */
export const checked = { count: 0 };

/** The spec violations of one response; undefined when the spec does not describe the exchange. */
export function specViolations(method: string, path: string, response: { status: number; headers: Headers; body: string }) {
  const operation = findOperation(doc, 'GET', path);
  // HEAD and OPTIONS have no operation in the description; other methods get the GET operation's 405.
  if (!operation || method === 'HEAD' || method === 'OPTIONS') return undefined;
  checked.count++;
  return checkResponse(operation, { status: response.status, headers: Object.fromEntries(response.headers), body: response.body }, validator);
}
