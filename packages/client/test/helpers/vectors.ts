// The language-neutral test vectors in spec/vectors/, shared with the other language teams, typed by the
// spec package's declarations.
import type { VectorFiles } from '@merchant-ordering/spec/vectors';
import { vectorsReader } from '@merchant-ordering/test-kit/vectors';

export const readVectors = vectorsReader<VectorFiles>(import.meta.url);
