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
