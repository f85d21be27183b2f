// Where the suite reads its inputs: the published artifacts and the in-repo copies of the reference
// documents (spec/reference/), which test/shared keeps equal to the originals in the team's reference
// folder (test/shared/folder.mjs).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const specDir = fileURLToPath(new URL('../..', import.meta.url));

export const distFile = (name: string): string => resolve(specDir, 'dist', name);

export const apiDocumentFile = resolve(specDir, 'reference/api-document.md');
export const publicFactsFile = resolve(specDir, 'reference/public-api-facts.md');
