// A request exactly as it goes on the wire, and the default credentials' Authorization. Imports
// nothing, so that the equivalence set built on it can be bundled for the runtime matrix.

/** The sandbox's default credentials (32:abcdefgh) as the Authorization header. */
export const BASIC = 'Basic MzI6YWJjZGVmZ2g=';

/** A request exactly as it goes on the wire: any target form, headers in order, repeats kept. */
export interface RawRequest {
  method: string;
  /** Origin form (`/v2/payments?limit=1`) or absolute form (`http://127.0.0.1:4011/v2/payments`). */
  target: string;
  /** Each one a header line, in this order; without a Host line, one naming the server comes first. */
  headers: ReadonlyArray<readonly [string, string]>;
}
