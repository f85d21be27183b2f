// What `#node-transport` resolves to outside Node (package.json `imports`), so browser bundles never
// see node:http. The client uses it only when `process.versions.node` is set, so this never runs.
import type { Attempt } from './attempt.js';

export const nodeAttempt: Attempt = async () => {
  throw new Error('the node:http transport is not available in this runtime; pass `fetch` to createClient');
};
