// Every response the tests get is checked against the bundled description by the test kit's answer
// check (JSON Schema 2020-12): its status is documented for the operation, its Content-Type is a
// documented one, its documented headers and its body match their schemas. Injected faults and paths
// the description does not have are left out: the spec does not describe them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { answerChecker } from '@merchant-ordering/test-kit/answer-check';

const description = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@merchant-ordering/spec/openapi.json'), 'utf8'));
const oracle = answerChecker(description);

/** The spec violations of one response; undefined when the spec does not describe the exchange. */
export function specViolations(method: string, path: string, response: { status: number; headers: Headers; body: string }) {
  // HEAD and OPTIONS have no operation in the description; other methods get the GET operation's 405.
  if (method === 'HEAD' || method === 'OPTIONS' || !oracle.describes('GET', path)) return undefined;
  return oracle.check('GET', path, response);
}
