// The one file that knows the renderer (Redoc 3): where an operation's section is, and where its
// Try it button goes. Redoc renders the page on the server and React then takes it over (hydration);
// a button added before that would be a mismatch React reports, so it is added to a heading only once
// React renders it, and again whenever Redoc renders the section anew.
import { h } from './dom';
import type { ConsoleOperation } from './operations';

const SECTION = '[data-item-kind="httpItem"]';
export const BUTTON_CLASS = 'try-it-open';

export function addTryItButtons(operations: ConsoleOperation[], open: (operation: ConsoleOperation) => void): void {
  const bySummary = new Map(operations.map((operation) => [operation.summary, operation]));
  const place = () => {
    for (const section of document.querySelectorAll<HTMLElement>(SECTION)) {
      const heading = section.querySelector('h2');
      if (!heading || !renderedByReact(heading) || heading.parentElement?.querySelector(`.${BUTTON_CLASS}`)) continue;
      const operation = bySummary.get(heading.textContent?.trim() ?? '');
      if (!operation) continue;
      const button = h('button', { type: 'button', class: BUTTON_CLASS, 'aria-haspopup': 'dialog', 'data-operation': operation.operationId }, 'Try it');
      button.addEventListener('click', () => open(operation));
      heading.after(button);
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place();
    });
  }).observe(document.body, { childList: true, subtree: true });
  place();
}

/** React keeps its fiber on the elements it has rendered or hydrated (`__reactFiber$<random>`). */
function renderedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

const SAMPLES_PANEL = '.panel-request-samples';
const LANGUAGE_MENU = 'button[aria-haspopup="menu"]';

/**
 * Keeps every operation's sample panel on the reader's language: a language picked in any panel (or
 * in the console) becomes the choice, and each panel Redoc renders, now or later, is switched to it
 * through its own menu.
 */
export function followSampleLanguage(labels: string[], language: import('./sample-language').LanguageChoice): void {
  const menuOf = (panel: Element) =>
    [...panel.querySelectorAll<HTMLButtonElement>(LANGUAGE_MENU)].find((button) => labels.includes(button.textContent?.trim() ?? ''));
  let switching = false;
  const align = async () => {
    // Not while a menu is open: the reader (or this function) is choosing, and Redoc renders the choice next.
    if (switching || document.querySelector(`${LANGUAGE_MENU}[aria-expanded="true"]`)) return;
    switching = true;
    try {
      for (const panel of document.querySelectorAll(SAMPLES_PANEL)) {
        const menu = menuOf(panel);
        if (!menu || !renderedByReact(menu) || menu.textContent?.trim() === language.get()) continue;
        menu.click();
        const item = await nextFrame(() =>
          [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((candidate) => candidate.textContent?.trim() === language.get()),
        );
        if (item) item.click();
        else document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      }
    } finally {
      switching = false;
    }
  };
  // A reader's pick in a panel: a menu item naming a language, chosen while no switch is under way.
  document.addEventListener(
    'click',
    (event) => {
      if (switching) return;
      const item = (event.target as Element | null)?.closest?.('[role="menuitem"]');
      const label = item?.textContent?.trim() ?? '';
      if (labels.includes(label)) language.set(label);
    },
    true,
  );
  // After Redoc has rendered what changed: a reader's pick re-renders its own panel first.
  let queued = false;
  const soon = () => {
    if (queued || switching) return;
    queued = true;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        queued = false;
        void align();
      }),
    );
  };
  language.onChange(soon);
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
  soon();
}

/** Polls `find` once per frame for a few frames: Redoc opens its menu a render after the click. */
async function nextFrame<T>(find: () => T | undefined, frames = 30): Promise<T | undefined> {
  for (let frame = 0; frame < frames; frame += 1) {
    const found = find();
    if (found) return found;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return undefined;
}
