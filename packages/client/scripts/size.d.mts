export interface Sizes {
  minified: number;
  gzipped: number;
}
export const TARGET_BYTES: number;
export const CEILING_BYTES: number;
export function measureSize(): Promise<{ browser: Sizes; node: Sizes }>;
