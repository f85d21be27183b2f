// Nesting bounded as the contract verifier bounds it (MAX_JSON_DEPTH in @merchant-ordering/contract's
// json-limits.js): a service can send a payment nested 200,000 levels deep, which JSON.parse takes but
// whose JSON.stringify, or any other recursion into it, overflows the stack.
import { CliError } from './errors.js';

export const MAX_DEPTH = 128;

/** Whether objects and arrays nest more than `MAX_DEPTH` levels (the value itself is level 1). Walks without recursing. */
export function nestedTooDeep(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** `what` (the page, the configuration) as JSON, or one line saying it is too deep to print. */
export function jsonToPrint(value: unknown, what: string): string {
  if (nestedTooDeep(value)) throw new CliError(`${what} is nested more than ${MAX_DEPTH} levels deep; not printed`);
  return JSON.stringify(value, null, 2);
}
