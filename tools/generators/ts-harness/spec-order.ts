// Query parameters in spec order. Every TypeScript generator here serialises a query in the order the
// caller wrote the object's keys; the vectors (and our own client) send the operation's parameters in
// the order the spec lists them. The API document sets no order, so a team only needs this for
// byte-identical queries. The order is read from the bundle the client was generated from ($SPEC).
import { readFileSync } from 'node:fs';

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
}
interface Bundle {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components?: { parameters?: Record<string, Parameter> };
}

let byPath: Map<string, string[]> | undefined;

/** The query parameter names of the GET operation at `pathname`, in spec order. */
function queryNames(pathname: string): string[] {
  if (!byPath) {
    const bundle = JSON.parse(readFileSync(process.env.SPEC ?? '', 'utf8')) as Bundle;
    const resolve = (p: Parameter) => (p.$ref ? bundle.components?.parameters?.[p.$ref.split('/').pop() ?? ''] : p);
    byPath = new Map(
      Object.entries(bundle.paths).map(([path, item]) => [
        path,
        (item.get?.parameters ?? []).map(resolve).flatMap((p) => (p?.in === 'query' && p.name ? [p.name] : [])),
      ]),
    );
  }
  return byPath.get(pathname) ?? [];
}

function rank(order: string[], name: string): number {
  const index = order.indexOf(name);
  return index === -1 ? order.length : index;
}

/** The same object with its keys in spec order (unknown keys last, as given). */
export function keysInSpecOrder<T>(pathname: string, query: T): T {
  if (!query || typeof query !== 'object') return query;
  const order = queryNames(pathname);
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => rank(order, a) - rank(order, b))) as T;
}

/** A fetch that moves the already-encoded name=value pairs of the query into spec order, bytes unchanged. */
export function fetchInSpecOrder(fetchFn: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.search.length > 1) {
      const order = queryNames(url.pathname);
      const pairs = url.search.slice(1).split('&');
      const name = (pair: string) => decodeURIComponent(pair.split('=')[0] ?? '');
      url.search = pairs.sort((a, b) => rank(order, name(a)) - rank(order, name(b))).join('&');
    }
    return fetchFn(input instanceof Request ? new Request(url, input) : url, init);
  };
}
