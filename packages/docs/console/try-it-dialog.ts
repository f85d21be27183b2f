// The Try it console: one dialog for every operation. It holds the form (where to send, credentials,
// the query, the encodings), the worked mistakes, and what came back, with the samples and a link
// rewritten from the form as it changes.
import type { RequestLogEntry } from '@merchant-ordering/sandbox/service-worker';
import { answerView, failureView, readAnswer } from './answer';
import { h, present, uniqueId } from './dom';
import { parameterField } from './fields';
import { type ArrayEncoding, exampleState, type FormState, PAGE_TARGET, type PlusEncoding, shareLink, withoutShareLink } from './form-state';
import { type Mistake, mistakesFor } from './mistakes';
import type { ConsoleOperation, Json } from './operations';
import type { PageSandbox } from './page-sandbox';
import { buildRequest } from './request';
import type { LanguageChoice } from './sample-language';
import { rewrittenSamples, SAMPLE_LABELS } from './samples';
import { localTarget, type Target } from './targets';

/** `pnpm start`'s sandbox. */
export const DEFAULT_LOCAL_SANDBOX = 'http://127.0.0.1:4010';
/** The read timeout the description gives every operation (x-timeouts). */
const TIMEOUT_MS = 20_000;

export interface TryItContext {
  spec: Json;
  operations: ConsoleOperation[];
  realDomains: string[];
  pageSandbox: PageSandbox;
  /** Where the sandbox in this page answers. */
  pageSandboxUrl: string;
  templates: Record<string, string>;
  /** The sample language the page shows, remembered across reloads. */
  language: LanguageChoice;
}

export function createTryIt(context: TryItContext) {
  const titleId = uniqueId('try-it-title');
  const title = h('h2', { id: titleId });
  const close = h('button', { type: 'button', class: 'try-it-close', 'aria-label': 'Close' }, '×');
  const form = h('form', { class: 'try-it-form', novalidate: true });
  const output = h('section', { class: 'try-it-output', 'aria-label': 'Response', 'aria-live': 'polite' });
  const samples = h('section', { class: 'try-it-samples', 'aria-label': 'Samples' });
  const dialog = h(
    'dialog',
    { class: 'try-it', 'aria-labelledby': titleId },
    h('header', { class: 'try-it-header' }, title, close),
    h('div', { class: 'try-it-body' }, form, h('div', { class: 'try-it-side' }, output, samples)),
  );
  close.addEventListener('click', () => dialog.close());
  // The sandbox in the page reports each request as it received it: the query exactly as it arrived.
  // The report may come before or after the answer is read; the line shows whichever is the latest.
  let received: RequestLogEntry | undefined;
  const showReceived = () => {
    const line = output.querySelector('.try-it-received');
    if (line && received)
      line.replaceChildren('The sandbox received ', h('code', {}, `${received.method} ${received.target}`), ` and answered ${received.status}.`);
  };
  context.pageSandbox.onRequest((entry) => {
    received = entry;
    showReceived();
  });
  dialog.addEventListener('close', () => history.replaceState(history.state, '', withoutShareLink(location.href, context.operations)));
  document.body.append(dialog);

  let state: FormState;
  let operation: ConsoleOperation;
  let localUrl = DEFAULT_LOCAL_SANDBOX;
  let sending = 0;

  const target = (): Target => (state.target === PAGE_TARGET ? { ok: true, baseUrl: context.pageSandboxUrl } : localTarget(state.target, context.realDomains));

  function open(next: FormState) {
    const found = context.operations.find(({ operationId }) => operationId === next.operationId);
    if (!found) return;
    operation = found;
    state = next;
    if (state.target !== PAGE_TARGET) localUrl = state.target;
    render();
    output.replaceChildren();
    if (!dialog.open) dialog.showModal();
  }

  function render() {
    title.replaceChildren(`Try it: ${operation.summary} `, h('code', {}, `${operation.method} ${operation.path}`));
    const send = h('button', { type: 'submit', class: 'try-it-send' }, 'Send');
    form.replaceChildren(
      ...present(
        targetFieldset(),
        operation.requiresAuth ? credentialsFieldset() : null,
        operation.query.length
          ? h(
              'fieldset',
              { class: 'try-it-query' },
              h('legend', {}, 'Query'),
              ...operation.query.map((parameter) => parameterField(parameter, state.values, refresh)),
            )
          : null,
        operation.query.some(({ kind }) => kind === 'array' || kind === 'date-time') ? encodingFieldset() : null,
        h('div', { class: 'try-it-actions' }, send, resetButton(), h('a', { class: 'try-it-link', href: '' }, 'Link to this request')),
        mistakesFieldset(mistakesFor(context.spec, operation, state.target)),
      ),
    );
    form.onsubmit = (event) => {
      event.preventDefault();
      void sendRequest();
    };
    // The page's sandbox must be running before Send does anything.
    if (state.target === PAGE_TARGET) {
      send.disabled = true;
      send.textContent = 'Starting the sandbox…';
      context.pageSandbox.ready.then(
        () => {
          send.disabled = false;
          send.textContent = 'Send';
        },
        () => {
          send.disabled = false;
          send.textContent = 'Send';
        },
      );
    }
    refresh();
  }

  /** Everything derived from the form: the target check, the link and the samples. */
  function refresh() {
    const checked = target();
    const problem = form.querySelector<HTMLElement>('.try-it-problem');
    if (problem) problem.textContent = checked.ok ? '' : checked.problem;
    const link = form.querySelector<HTMLAnchorElement>('.try-it-link');
    if (link) link.href = shareLink(state, location.href, operation);
    if (!checked.ok) {
      samples.replaceChildren();
      return;
    }
    const sent = buildRequest(operation, state, checked.baseUrl);
    const rewritten = rewrittenSamples(context.spec, operation, state, sent, context.templates, state.target === PAGE_TARGET ? undefined : checked.baseUrl);
    const program = context.language.get() === 'curl' ? 'TypeScript' : context.language.get();
    samples.replaceChildren(
      ...present(
        sampleBlock('curl', rewritten.curl ?? ''),
        state.target === PAGE_TARGET
          ? h(
              'p',
              { class: 'try-it-note' },
              'Only this page answers that URL (its sandbox runs here). From a terminal, run ',
              h('code', {}, 'pnpm start'),
              ' and send to its sandbox instead.',
            )
          : null,
        sampleBlock(program, rewritten[program] ?? '', languagePicker(program)),
        state.arrays !== 'repeat' || state.plus !== 'encoded'
          ? h('p', { class: 'try-it-note' }, 'The clients always repeat array keys and send + as %2B: they cannot make this mistake.')
          : null,
      ),
    );
  }

  /** The program's language, shared with the page's samples and kept across reloads. */
  function languagePicker(current: string) {
    const id = uniqueId('try-it-language');
    const select = h(
      'select',
      { id, class: 'try-it-language', 'aria-label': 'Sample language' },
      ...SAMPLE_LABELS.filter((label) => label !== 'curl').map((label) => h('option', { value: label }, label)),
    );
    select.value = current;
    select.addEventListener('change', () => context.language.set(select.value));
    return select;
  }
  context.language.onChange(() => {
    if (dialog.open) refresh();
  });

  async function sendRequest(mistake?: Mistake) {
    const checked = target();
    if (!checked.ok) {
      output.replaceChildren(failureView(checked.problem));
      return;
    }
    const request = buildRequest(operation, state, checked.baseUrl);
    const attempt = ++sending;
    received = undefined;
    output.replaceChildren(h('p', { class: 'try-it-status' }, `Sending ${request.method} ${request.url}…`));
    try {
      if (state.target === PAGE_TARGET) await context.pageSandbox.ready;
      const started = performance.now();
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        cache: 'no-store',
        credentials: 'omit',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = await readAnswer(response, started);
      if (attempt !== sending) return;
      output.replaceChildren(
        ...present(
          h('p', { class: 'try-it-sent' }, h('code', {}, `${request.method} ${request.url}`)),
          state.target === PAGE_TARGET ? h('p', { class: 'try-it-received' }) : null,
          answerView(operation, answer, mistake && { status: mistake.status, explanation: mistake.explanation }),
        ),
      );
      showReceived();
    } catch (error) {
      if (attempt !== sending) return;
      output.replaceChildren(failureView(failureReason(error, state.target === PAGE_TARGET ? undefined : checked.baseUrl)));
    }
  }

  function targetFieldset() {
    const name = uniqueId('try-it-target');
    const inPage = h('input', { type: 'radio', name, value: PAGE_TARGET, checked: state.target === PAGE_TARGET });
    const local = h('input', { type: 'radio', name, value: 'local', checked: state.target !== PAGE_TARGET });
    const urlId = uniqueId('try-it-local-url');
    const url = h('input', { id: urlId, type: 'url', value: localUrl, spellcheck: 'false', 'aria-label': 'Local sandbox URL' });
    const choose = () => {
      state.target = inPage.checked ? PAGE_TARGET : url.value;
      render();
    };
    inPage.addEventListener('change', choose);
    local.addEventListener('change', choose);
    url.addEventListener('input', () => {
      localUrl = url.value;
      if (local.checked) {
        state.target = url.value;
        refresh();
      }
    });
    return h(
      'fieldset',
      { class: 'try-it-target' },
      h('legend', {}, 'Send to'),
      h('label', {}, inPage, ' The sandbox in this page'),
      h('label', {}, local, ' A local sandbox (', h('code', {}, 'pnpm start'), ')'),
      url,
      h('p', { class: 'try-it-problem', role: 'alert' }),
      h(
        'p',
        { class: 'try-it-note' },
        'Never the real service: its Secret Key must not live in a browser. A local sandbox answers this site’s origin (CORS). From an https site, Chromium may ask you to allow access to devices on your local network: allow it for the request to reach your sandbox.',
      ),
    );
  }

  function credentialsFieldset() {
    const input = (label: string, key: 'merchantId' | 'secretKey') => {
      const id = uniqueId(`try-it-${key}`);
      const element = h('input', { id, type: 'text', value: state.credentials[key], autocomplete: 'off', spellcheck: 'false' });
      element.addEventListener('input', () => {
        state.credentials[key] = element.value;
        refresh();
      });
      return h('div', { class: 'try-it-field' }, h('label', { for: id }, label), element);
    };
    return h(
      'fieldset',
      { class: 'try-it-credentials' },
      h('legend', {}, 'Credentials (the sandbox’s; never sent to the real service, never put in a link)'),
      input('Merchant ID', 'merchantId'),
      input('Secret Key', 'secretKey'),
    );
  }

  function encodingFieldset() {
    const select = <T extends string>(label: string, current: T, choices: Array<[T, string]>, set: (value: T) => void) => {
      const id = uniqueId('try-it-encoding');
      const element = h('select', { id }, ...choices.map(([value, text]) => h('option', { value }, text)));
      element.value = current;
      element.addEventListener('change', () => {
        set(element.value as T);
        refresh();
      });
      return h('div', { class: 'try-it-field' }, h('label', { for: id }, label), element);
    };
    return h(
      'fieldset',
      { class: 'try-it-encoding' },
      h('legend', {}, 'Encoding'),
      select<ArrayEncoding>(
        'Arrays',
        state.arrays,
        [
          ['repeat', 'repeat the key (as the API needs)'],
          ['comma', 'one key, values joined by commas'],
          ['brackets', 'key[] for each value'],
        ],
        (value) => (state.arrays = value),
      ),
      select<PlusEncoding>(
        'A + in a value',
        state.plus,
        [
          ['encoded', '%2B (as the API needs)'],
          ['raw', 'left as +'],
        ],
        (value) => (state.plus = value),
      ),
    );
  }

  function resetButton() {
    const button = h('button', { type: 'button', class: 'try-it-reset' }, 'Examples');
    button.addEventListener('click', () => open(exampleState(context.spec, operation, state.target)));
    return button;
  }

  function mistakesFieldset(mistakes: Mistake[]) {
    if (!mistakes.length) return null;
    return h(
      'fieldset',
      { class: 'try-it-mistakes' },
      h('legend', {}, 'Worked mistakes: send one'),
      ...mistakes.map((mistake) => {
        const button = h('button', { type: 'button', 'data-mistake': mistake.id, title: mistake.explanation }, `${mistake.label} → ${mistake.status}`);
        button.addEventListener('click', () => {
          open({ ...mistake.state, target: state.target });
          void sendRequest(mistake);
        });
        return button;
      }),
    );
  }

  /** Where the form sends now (kept for the next operation opened). */
  const currentTarget = () => state?.target;
  return { open, dialog, target: currentTarget };
}

function sampleBlock(label: string, source: string, picker?: HTMLElement) {
  const copy = h('button', { type: 'button', class: 'try-it-copy' }, `Copy ${label}`);
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(source).then(
      () => (copy.textContent = 'Copied'),
      () => (copy.textContent = 'Select the text to copy it'),
    );
  });
  return h(
    'div',
    { class: 'try-it-sample', 'data-sample': label },
    h('h3', {}, ...present(picker ?? label, copy)),
    h('pre', { tabindex: '0' }, h('code', {}, source)),
  );
}

function failureReason(error: unknown, localBaseUrl: string | undefined): string {
  const name = (error as Error)?.name;
  if (name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s, the read timeout the description gives`;
  if (localBaseUrl) {
    return `${localBaseUrl} did not answer. Is \`pnpm start\` (or \`pnpm sandbox\`) running there, and was local-network access allowed?`;
  }
  return (error as Error)?.message ?? String(error);
}
