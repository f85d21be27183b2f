// What came back, as the reader sees it: the status with its documented meaning, the headers that
// matter for this API, and the body (JSON indented).
import { h } from './dom';
import type { ConsoleOperation } from './operations';

/** The response headers worth reading here; the rest is transport detail. */
export const HEADERS_THAT_MATTER = ['content-type', 'cache-control', 'allow', 'retry-after', 'www-authenticate'];

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  ms: number;
}

export async function readAnswer(response: Response, started: number): Promise<Answer> {
  const text = await response.text();
  const headers = HEADERS_THAT_MATTER.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as [string, string]];
  });
  return { status: response.status, headers, body: indented(text), ms: performance.now() - started };
}

function indented(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The answer; `expected` is the status a worked mistake should get. */
export function answerView(operation: ConsoleOperation, answer: Answer, expected?: { status: number; explanation: string }): HTMLElement {
  const documented = operation.statuses[String(answer.status)];
  const status = h(
    'p',
    { class: `try-it-status try-it-status-${String(answer.status)[0]}xx`, 'data-status': String(answer.status) },
    h('strong', {}, `${answer.status} ${REASONS[answer.status] ?? ''}`.trim()),
    ` in ${Math.round(answer.ms)} ms`,
  );
  const meaning = h(
    'p',
    { class: 'try-it-meaning' },
    documented ? `Documented: ${documented}.` : `Not a status the description documents for ${operation.summary}.`,
  );
  const mistake = expected
    ? h('p', { class: 'try-it-mistake-note' }, expected.explanation, expected.status === answer.status ? '' : ` (Expected ${expected.status}.)`)
    : null;
  const headers = h('dl', { class: 'try-it-headers' }, ...answer.headers.flatMap(([name, value]) => [h('dt', {}, name), h('dd', {}, value)]));
  return h(
    'div',
    { class: 'try-it-answer' },
    status,
    meaning,
    mistake,
    answer.headers.length ? headers : null,
    h('pre', { class: 'try-it-response', tabindex: '0', 'aria-label': 'Response body' }, answer.body),
  );
}

/** A request that got no answer: the reason, and what to check. */
export function failureView(reason: string): HTMLElement {
  return h(
    'div',
    { class: 'try-it-answer' },
    h('p', { class: 'try-it-status try-it-status-failed', role: 'alert' }, h('strong', {}, 'No answer'), `: ${reason}`),
  );
}
