// The request the form makes: the URL built by the docs' own query serializer (so the rewritten curl
// shows exactly what was sent, mistakes included), Accept from the description and the Basic header.
// The URL is handed to fetch as a string, and a URL's query keeps a raw `+` as it is: that is how the
// unencoded-plus mistake reaches the sandbox at all, where a URL builder would have written %2B.
import { basicAuthorization, queryString } from '../scripts/code-samples.mjs';
import type { FormState } from './form-state';
import type { ConsoleOperation, ConsoleParameter } from './operations';

export interface ConsoleRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** The form's values as the samples take them: typed like the client's arguments, empty ones left out. */
export function queryOf(operation: ConsoleOperation, state: FormState): Array<{ parameter: ConsoleParameter['parameter']; value: unknown }> {
  return operation.query.flatMap(({ name, kind, parameter }): Array<{ parameter: ConsoleParameter['parameter']; value: unknown }> => {
    const values = (state.values[name] ?? []).filter((value) => value !== '');
    if (!values.length) return [];
    const [first = ''] = values;
    if (kind === 'array') return [{ parameter, value: values }];
    if (kind === 'integer' && /^-?\d{1,15}$/.test(first)) return [{ parameter, value: Number(first) }];
    if (kind === 'boolean' && (first === 'true' || first === 'false')) return [{ parameter, value: first === 'true' }];
    return [{ parameter, value: first }];
  });
}

export function buildRequest(operation: ConsoleOperation, state: FormState, baseUrl: string): ConsoleRequest {
  const where = `${operation.method} ${operation.path}`;
  const query = queryString(queryOf(operation, state), where, { arrays: state.arrays, plus: state.plus });
  const headers: Record<string, string> = { Accept: operation.accept };
  if (operation.requiresAuth) headers.Authorization = basicAuthorization(state.credentials);
  return { method: operation.method, url: `${baseUrl}${operation.path}${query}`, headers };
}
