// A tool's input schema from the description's query parameters: each parameter's own description
// (the description's words) and its schema's rules (type, range, pattern, array form, known values).
// Nothing is written here by hand, so the rules an agent reads are the rules the client enforces.
import type { Parameter } from '../spec.js';
import type { JsonSchema } from './tool.js';

/** The JSON Schema keywords an agent needs to write a valid value; titles and long schema essays are left out. */
const KEYWORDS = ['type', 'enum', 'default', 'minimum', 'maximum', 'pattern', 'minItems', 'minLength', 'examples'];

function rules(schema: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = {};
  for (const keyword of KEYWORDS) if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  // An open list (statuses, currencies): the values known today, as examples, since others are valid.
  const known = schema['x-known-values'] as { enum?: unknown[] } | undefined;
  if (known?.enum) out.examples = known.enum;
  if (schema.items) out.items = rules(schema.items as Record<string, unknown>);
  return out;
}

/** An object schema with one property per parameter, and no other property allowed. */
export function parametersSchema(parameters: readonly Parameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) properties[parameter.name] = { description: parameter.description, ...rules(parameter.schema) };
  return { type: 'object', properties, additionalProperties: false };
}
