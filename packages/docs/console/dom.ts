// A small element builder for the console's views: text is always set as text, never parsed as HTML.

type Attributes = Record<string, string | boolean | undefined>;
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  element.append(...present(...children));
  return element;
}

/** The children that are there: null, undefined and false stand for "nothing here". */
export function present(...children: Child[]): Array<Node | string> {
  return children.filter((child): child is Node | string => child !== null && child !== undefined && child !== false);
}

let nextId = 0;
/** A document-unique id for label `for` and `aria-*` references. */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
