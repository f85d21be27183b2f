export interface Sizes {
  minified: number;
  gzipped: number;
}
export const TARGET_BYTES: number;
export const MAIN_BYTES: number;
export const CONTACT_BYTES: number;
export const BUDGETS: { browser: number; node: number; contact: number };
export function measureSize(): Promise<{ browser: Sizes; node: Sizes; contact: Sizes }>;
