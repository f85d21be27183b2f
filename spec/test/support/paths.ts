// Where the suite reads its inputs: the published artifacts and the in-repo copies of the reference
// documents (spec/reference/), which a test keeps equal to the shared originals beside the repository.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const specDir = fileURLToPath(new URL('../..', import.meta.url));

export const distFile = (name: string): string => resolve(specDir, 'dist', name);

export const apiDocumentFile = resolve(specDir, 'reference/api-document.md');
export const publicFactsFile = resolve(specDir, 'reference/public-api-facts.md');

// The originals live in `../shared/` beside the repository when it is checked out in the workplace.
const sharedDir = process.env.MERCHANT_SHARED_DIR ?? resolve(specDir, '../../shared');
// Responses recorded from the real service by public projects (with SOURCES.md): read at test time from
// `../shared/reference/real-samples` beside the repository, never copied into it.
export const realSamplesDir = resolve(sharedDir, 'reference/real-samples');

export const sharedOriginals = existsSync(sharedDir)
  ? [
      { copy: apiDocumentFile, original: resolve(sharedDir, 'api-document.md') },
      { copy: publicFactsFile, original: resolve(sharedDir, 'reference/public-api-facts.md') },
    ]
  : [];
