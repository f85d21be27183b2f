// What the Try it form holds, and the link that carries it. A link holds the operation, every value
// the form sends and the console's settings (where to send, and the encodings of a worked mistake);
// opening it gives exactly that form, with nothing merged in. It never holds credentials: a key in a
// URL ends up in histories, logs and chats, so the reader who opens a link gets the sandbox's.
import { firstNamedExample, WORKED_EXAMPLE } from '../scripts/code-samples.mjs';
import type { ConsoleOperation, Json } from './operations';

/** Send to the sandbox in this page (the Service Worker); any other target is a local sandbox's base URL. */
export const PAGE_TARGET = 'page';

export type ArrayEncoding = 'repeat' | 'comma' | 'brackets';
export type PlusEncoding = 'encoded' | 'raw';

export interface FormState {
  operationId: string;
  /** Each query parameter's values by name (a scalar has at most one); empty ones are not sent. */
  values: Record<string, string[]>;
  credentials: { merchantId: string; secretKey: string };
  target: string;
  arrays: ArrayEncoding;
  plus: PlusEncoding;
}

/** The console's own keys in a link; an operation's parameters keep their names beside them. */
export const LINK_KEYS = { operation: 'try', target: 'try-target', arrays: 'try-arrays', plus: 'try-plus' } as const;

/** The form as the docs' samples fill it: each parameter's first named example, the sandbox's credentials. */
export function exampleState(spec: Json, operation: ConsoleOperation, target = PAGE_TARGET): FormState {
  const values: Record<string, string[]> = {};
  for (const { name, parameter } of operation.query) {
    const example = firstNamedExample(spec, parameter);
    if (example !== undefined) values[name] = (Array.isArray(example) ? example : [example]).map(String);
  }
  return { operationId: operation.operationId, values, credentials: { ...WORKED_EXAMPLE }, target, arrays: 'repeat', plus: 'encoded' };
}

/** `page` with the form in its query (parameters in the operation's order) and its hash kept. */
export function shareLink(state: FormState, page: string, operation: ConsoleOperation): string {
  const url = new URL(page);
  url.search = '';
  const params = new URLSearchParams({ [LINK_KEYS.operation]: state.operationId });
  for (const { name } of operation.query) {
    for (const value of state.values[name] ?? []) if (value !== '') params.append(name, value);
  }
  if (state.target !== PAGE_TARGET) params.set(LINK_KEYS.target, state.target);
  if (state.arrays !== 'repeat') params.set(LINK_KEYS.arrays, state.arrays);
  if (state.plus !== 'encoded') params.set(LINK_KEYS.plus, state.plus);
  url.search = params.toString();
  return url.href;
}

/**
 * The form a link asks for, or null when it names no operation of the description. A value for a
 * parameter the operation does not have, or a setting it does not know, is left out.
 */
export function readShareLink(link: string, operations: ConsoleOperation[]): FormState | null {
  const params = new URL(link).searchParams;
  const operation = operations.find(({ operationId }) => operationId === params.get(LINK_KEYS.operation));
  if (!operation) return null;
  const values: Record<string, string[]> = {};
  for (const { name, kind } of operation.query) {
    const given = params.getAll(name).filter((value) => value !== '');
    if (given.length) values[name] = kind === 'array' ? given : given.slice(0, 1);
  }
  const arrays = params.get(LINK_KEYS.arrays);
  const plus = params.get(LINK_KEYS.plus);
  return {
    operationId: operation.operationId,
    values,
    credentials: { ...WORKED_EXAMPLE },
    target: params.get(LINK_KEYS.target) ?? PAGE_TARGET,
    arrays: arrays === 'comma' || arrays === 'brackets' ? arrays : 'repeat',
    plus: plus === 'raw' ? 'raw' : 'encoded',
  };
}

/** The page's URL without the console's link: what the address bar shows once the console closes. */
export function withoutShareLink(page: string, operations: ConsoleOperation[]): string {
  const url = new URL(page);
  const state = readShareLink(page, operations);
  if (!url.searchParams.has(LINK_KEYS.operation)) return url.href;
  const names = new Set<string>([
    ...Object.values(LINK_KEYS),
    ...(state ? operations.find(({ operationId }) => operationId === state.operationId)!.query.map(({ name }) => name) : []),
  ]);
  for (const name of names) url.searchParams.delete(name);
  return url.href;
}
