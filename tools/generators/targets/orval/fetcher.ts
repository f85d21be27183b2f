// The fetch orval's generated functions are given (override.fetch.useRuntimeFetcher): it puts the
// generated relative URL on the base URL and sends spaces as %20. orval builds the query with
// URLSearchParams, which writes a space as `+` where the API document wants `%20`. URLSearchParams
// writes a literal `+` as `%2B`, so every `+` in its output is a space; replacing them gives
// encodeURIComponent's bytes for everything but ! ' ( ) ~, which URLSearchParams also percent-encodes
// (the same value on the wire). It also puts the query in spec order: orval keeps the caller's key order.
import { fetchInSpecOrder } from './spec-order';

function spacesAsPercent20(path: string): string {
  const mark = path.indexOf('?');
  return mark === -1 ? path : path.slice(0, mark + 1) + path.slice(mark + 1).replaceAll('+', '%20');
}

export function fetcherFor(baseUrl: string): typeof globalThis.fetch {
  const ordered = fetchInSpecOrder(globalThis.fetch);
  return (input, init) => ordered(new URL(spacesAsPercent20(String(input)), baseUrl), init);
}
