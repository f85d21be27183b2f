// The sample language a reader chose, kept across the page (every operation's samples and the Try it
// console) and across reloads in localStorage. Storage may be missing or refuse (private windows,
// blocked site data): the choice then lasts for the page.
export const LANGUAGE_KEY = 'merchant-ordering.sample-language';
/** Before a reader chooses: Redoc's first sample, curl (the console's program is then TypeScript). */
export const DEFAULT_LANGUAGE = 'curl';

export interface LanguageChoice {
  get(): string;
  set(label: string): void;
  /** Called with the new label whenever it changes, here or in another tab. */
  onChange(listener: (label: string) => void): void;
}

export function languageChoice(labels: string[], storage: Storage | undefined = safeLocalStorage()): LanguageChoice {
  const valid = (label: string | null | undefined): label is string => typeof label === 'string' && labels.includes(label);
  let current = read();
  const listeners: Array<(label: string) => void> = [];
  function read(): string {
    try {
      const saved = storage?.getItem(LANGUAGE_KEY);
      return valid(saved) ? saved : DEFAULT_LANGUAGE;
    } catch {
      return DEFAULT_LANGUAGE;
    }
  }
  const announce = () => {
    for (const listener of listeners) listener(current);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== LANGUAGE_KEY || !valid(event.newValue) || event.newValue === current) return;
      current = event.newValue;
      announce();
    });
  }
  return {
    get: () => current,
    set(label) {
      if (!valid(label) || label === current) return;
      current = label;
      try {
        storage?.setItem(LANGUAGE_KEY, label);
      } catch {
        // Kept for this page only.
      }
      announce();
    },
    onChange: (listener) => listeners.push(listener),
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
