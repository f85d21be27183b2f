// The docs' curl and TypeScript samples, filled from the same templates with what the console sent:
// the curl calls the URL the request went to (its base URL, query and mistakes included), and the
// TypeScript passes the form's values to the client.
import { codeSamplesFor } from '../scripts/code-samples.mjs';
import type { FormState } from './form-state';
import type { ConsoleOperation, Json } from './operations';
import { queryOf, type ConsoleRequest } from './request';

export interface RewrittenSamples {
  curl: string;
  TypeScript: string;
}

/**
 * @param templates  template file name -> text (samples/*.template)
 * @param localBaseUrl  the local sandbox the request went to, which the TypeScript sample then falls
 *   back to; for the sandbox in the page it keeps the docs' fallback (a program cannot reach the page).
 */
export function rewrittenSamples(spec: Json, operation: ConsoleOperation, state: FormState, sent: ConsoleRequest, templates: Record<string, string>, localBaseUrl?: string): RewrittenSamples {
  const request = {
    query: queryOf(operation, state),
    credentials: state.credentials,
    url: sent.url,
    baseUrl: localBaseUrl ? `'${localBaseUrl}'` : 'BASE_URLS.sandbox',
  };
  const samples = codeSamplesFor(spec, operation.entry, templates, request);
  const source = (label: string): string => samples.find((sample: { label: string }) => sample.label === label)?.source ?? '';
  return { curl: source('curl'), TypeScript: source('TypeScript') };
}
