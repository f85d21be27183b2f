// The fetch orval's generated functions are given (override.fetch.useRuntimeFetcher): orval's fetch client
// calls fetch with a relative URL (`/v2/payments?…`), which has no base outside a browser; this puts it on
// the base URL, and changes nothing else.
export function fetcherFor(baseUrl: string): typeof globalThis.fetch {
  return (input, init) => globalThis.fetch(new URL(String(input), baseUrl), init);
}
