// The team's reference folder (`shared/`): the API document and public facts the in-repo copies
// come from, and the responses recorded from the real service (reference/real-samples), which are
// never committed. It sits beside our own checkouts and in our CI; a clone from GitHub has none.
// MERCHANT_SHARED_DIR points at it from anywhere; MERCHANT_REQUIRE_SHARED=1 (.ci/run) makes its
// absence a failure instead of a skip.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const sharedDir = process.env.MERCHANT_SHARED_DIR ? resolve(process.env.MERCHANT_SHARED_DIR) : resolve(repoRoot, '../shared');
export const realSamplesDir = resolve(sharedDir, 'reference/real-samples');

export const sharedRequired = () => process.env.MERCHANT_REQUIRE_SHARED === '1';
export const sharedPresent = () => existsSync(realSamplesDir);

/** The one line a run prints when the folder is missing, whether that skips the checks or fails them. */
export const missingSharedLine = () =>
  `Real-sample checks skipped: ${realSamplesDir} does not exist (the team's reference folder is not in the repository). ` +
  'To run them, set MERCHANT_SHARED_DIR to that folder, or put it beside the clone as ../shared.';
