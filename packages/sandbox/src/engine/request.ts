// A request as the sandbox's rules read it, whatever host it came through. It carries what a web
// `Request` carries, in the same terms, so that a `Request` maps onto it directly.

export interface SandboxRequest {
  /** Upper case, as received. */
  method: string;
  /** The target as an absolute URL: the path the rules route on, and the query as received (percent-encoding kept). */
  url: URL;
  /** The target as the host received it, for the request log: what the client really sent. */
  target: string;
  /**
   * A header's value as Fetch's `Headers.get` gives it: every line of that name (lower case) joined
   * with ", ", in order; null when there is none.
   */
  header(name: string): string | null;
}
