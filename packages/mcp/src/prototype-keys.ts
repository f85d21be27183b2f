// A tool call whose arguments hold the key `__proto__` is refused where the message arrives, as a tool
// error. The SDK's schema parsing drops such a key without a word, so the call would otherwise run
// as if the argument had not been given: the agent would read an answer to a question it did not ask.
import { ValidationError } from '@merchant-ordering/client';
import type { Transport } from '@modelcontextprotocol/server';
import { failure } from './results.js';

type Message = { jsonrpc?: string; id?: string | number; method?: string; params?: { arguments?: unknown } };

/** Whether `value` holds an own `__proto__` key at any depth (iterative: no depth can overflow the stack). */
function holdsProtoKey(value: unknown): boolean {
  const pending = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && Object.hasOwn(next, '__proto__')) return true;
    pending.push(...Object.values(next));
  }
  return false;
}

/** The JSON-RPC answer refusing `message`, or undefined when it may proceed. */
export function prototypeKeyRefusal(message: unknown): object | undefined {
  const { id, method, params } = (message ?? {}) as Message;
  if (method !== 'tools/call' || id === undefined || !holdsProtoKey(params?.arguments)) return undefined;
  const refused = new ValidationError('__proto__', 'prototype', '"__proto__" is a prototype key, never a parameter: leave it out');
  return { jsonrpc: '2.0', id, result: failure(refused, (text) => text) };
}

/** `transport`, with tool calls holding a `__proto__` key answered as refusals before the server parses them. */
export function refusingPrototypeKeys<T extends Transport>(transport: T): T {
  return new Proxy(transport, {
    set(target, property, value) {
      if (property !== 'onmessage' || typeof value !== 'function') return Reflect.set(target, property, value);
      const deliver = value as NonNullable<Transport['onmessage']>;
      target.onmessage = (message, extra) => {
        const refusal = prototypeKeyRefusal(message);
        if (refusal) void target.send(refusal as never).catch(() => {});
        else deliver(message, extra);
      };
      return true;
    },
  });
}
