// A fetch that answers from a handler and records every request, so unit tests never touch the
// network or patch globals (openapi-fetch's own test style).
export type Handler = (request: Request, call: number) => Response | Promise<Response>;

export interface FakeFetch {
  (input: Request, init?: RequestInit): Promise<Response>;
  /** Every request received, in order. */
  requests: Request[];
}

export function fakeFetch(handler: Handler): FakeFetch {
  const requests: Request[] = [];
  const fetch = (async (input: Request, init?: RequestInit) => {
    // Like fetch, the init (the client passes its per-attempt signal there) applies to the request.
    const request = init ? new Request(input, init) : input;
    requests.push(request);
    return handler(request, requests.length);
  }) as FakeFetch;
  fetch.requests = requests;
  return fetch;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

/** The query string of a recorded request, without `?`. */
export function queryOf(request: Request): string {
  return new URL(request.url).search.slice(1);
}
