// The spec package's language-neutral vectors (spec/vectors/*.json), read from the caller's own
// dependency on @merchant-ordering/spec: the kit depends on no product package, so the caller names
// where to resolve from and the shape of the files (`VectorFiles` from '@merchant-ordering/spec/vectors').
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * A reader of the vector files, resolved from `from` (the caller's import.meta.url).
 * @template {object} Files the files' shapes, by file name
 * @param {string | URL} from
 * @returns {<File extends keyof Files & string>(file: File) => Files[File]}
 */
export function vectorsReader(from) {
  const require = createRequire(from);
  return (file) => JSON.parse(readFileSync(require.resolve(`@merchant-ordering/spec/vectors/${file}`), 'utf8'));
}
