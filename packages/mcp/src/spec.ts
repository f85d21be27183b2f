// The description, from @merchant-ordering/spec: read once, on first use. The tools take their words
// and rules from it (operation summaries and descriptions, each parameter's description and schema),
// so a change to the description changes what an agent reads, with nothing to keep in step by hand.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface Parameter {
  name: string;
  in: string;
  description: string;
  schema: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters?: Parameter[];
}

export interface Document {
  paths: Record<string, { get: Operation }>;
}

let dereferenced: Document | undefined;

/** The spec package's file, e.g. `openapi.json`, as text. */
export function specFile(name: 'openapi.json' | 'openapi.dereferenced.json'): string {
  return readFileSync(require.resolve(`@merchant-ordering/spec/${name}`), 'utf8');
}

/** The dereferenced description. */
export function description(): Document {
  dereferenced ??= JSON.parse(specFile('openapi.dereferenced.json')) as Document;
  return dereferenced;
}

/** The GET operation with this operationId. */
export function operation(operationId: string): Operation {
  const found = Object.values(description().paths).find((item) => item.get?.operationId === operationId);
  if (!found) throw new Error(`the description has no operation ${operationId}`);
  return found.get;
}

/** An operation's query parameters (the User-Agent header is the client's business). */
export function queryParameters(operationId: string): Parameter[] {
  return (operation(operationId).parameters ?? []).filter((parameter) => parameter.in === 'query');
}
