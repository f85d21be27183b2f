// What the server's own code throws. The client's errors (ValidationError, ApiError, ...) reach tools
// as they are and become tool errors in results.ts.

/** Something the user set up: a flag, a value, the credentials. The process exits 2 with one line. */
export class UsageError extends Error {
  override name = 'UsageError';
}
