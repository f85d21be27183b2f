// The sample language a reader picks: kept in localStorage, shared by every listener, and safe when
// storage is missing, refuses writes or holds something that is not a language.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, languageChoice } from '../../console/sample-language';

const LABELS = ['curl', 'TypeScript', 'Python', 'Go', 'Java', 'Kotlin', 'Rust'];

function memoryStorage(initial: Record<string, string> = {}, { refuseWrites = false } = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (refuseWrites) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

describe('the sample language', () => {
  it('starts as curl, Redoc’s first sample, and as what was saved on a later visit', () => {
    expect(languageChoice(LABELS, memoryStorage()).get()).toBe(DEFAULT_LANGUAGE);
    expect(languageChoice(LABELS, memoryStorage({ [LANGUAGE_KEY]: 'Go' })).get()).toBe('Go');
  });

  it('saves a choice and tells every listener once', () => {
    const storage = memoryStorage();
    const choice = languageChoice(LABELS, storage);
    const heard: string[] = [];
    choice.onChange((label) => heard.push(label));
    choice.set('Kotlin');
    choice.set('Kotlin');
    expect(storage.getItem(LANGUAGE_KEY)).toBe('Kotlin');
    expect(heard).toEqual(['Kotlin']);
  });

  it('ignores a saved or offered value that is not a language', () => {
    const storage = memoryStorage({ [LANGUAGE_KEY]: '<img src=x onerror=alert(1)>' });
    const choice = languageChoice(LABELS, storage);
    expect(choice.get()).toBe(DEFAULT_LANGUAGE);
    choice.set('Cobol');
    expect(choice.get()).toBe(DEFAULT_LANGUAGE);
  });

  it('keeps the choice for the page when storage refuses it or is missing', () => {
    const refusing = languageChoice(LABELS, memoryStorage({}, { refuseWrites: true }));
    refusing.set('Rust');
    expect(refusing.get()).toBe('Rust');
    const none = languageChoice(LABELS, undefined);
    none.set('Java');
    expect(none.get()).toBe('Java');
  });
});
