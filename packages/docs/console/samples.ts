// The docs' samples, rendered by the same function with what the console sent: the curl calls the URL
// the request went to (its base URL, query and mistakes included), and each program passes the
// form's values to its client and falls back to the local sandbox the request went to.
import { LANGUAGES, renderSample } from '../scripts/code-samples.mjs';
import type { FormState } from './form-state';
import type { ConsoleOperation, Json } from './operations';
import { queryOf, type ConsoleRequest } from './request';

/** Language label (curl, TypeScript, Python, Go, Java, Kotlin, Rust) -> the program, or the reason it cannot be written. */
export type RewrittenSamples = Record<string, string>;

export const SAMPLE_LABELS: string[] = LANGUAGES.map(({ label }: { label: string }) => label);

/**
 * @param templates  template path -> text (samples/<language>/…)
 * @param localBaseUrl  the local sandbox the request went to, which the programs then fall back to;
 *   for the sandbox in the page they keep the docs' fallback (a program cannot reach the page).
 */
export function rewrittenSamples(
  spec: Json,
  operation: ConsoleOperation,
  state: FormState,
  sent: ConsoleRequest,
  templates: Record<string, string>,
  localBaseUrl?: string,
): RewrittenSamples {
  const request = {
    query: queryOf(operation, state),
    credentials: state.credentials,
    url: sent.url,
    ...(localBaseUrl === undefined ? {} : { localBaseUrl }),
  };
  return Object.fromEntries(
    SAMPLE_LABELS.map((label) => [label, renderOrExplain(() => renderSample(spec, label, operation.entry, templates, request), label)]),
  );
}

function renderOrExplain(render: () => string, label: string): string {
  try {
    return render();
  } catch (error) {
    // A value no literal of the language can hold (SampleValueError): say so instead of a program.
    if ((error as Error)?.name === 'SampleValueError') return `No ${label} sample: ${(error as Error).message}.`;
    throw error;
  }
}
