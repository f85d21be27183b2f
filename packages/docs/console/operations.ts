// The operations as the Try it console presents them, read from the published description with the
// same helpers that fill the docs' samples: each query parameter becomes a field of a kind (repeated
// rows for an array, date and offset for a date-time, a list for a closed enum), with the limits and
// defaults a reader needs beside it.
import { operationsOf, parametersOf, requiresAuth, resolveRef, successMediaType } from '../scripts/code-samples.mjs';

// The description is plain JSON read loosely; a wrong lookup fails a test, not the type checker.
export type Json = any;

export type FieldKind = 'array' | 'date-time' | 'integer' | 'boolean' | 'string';

export interface ConsoleParameter {
  name: string;
  kind: FieldKind;
  /** The values the description lists (an array's items' values): a closed list, or suggestions. */
  options: string[];
  /** True when only `options` are valid. */
  closed: boolean;
  /** A short line for the field: its type, limits and default. */
  hint: string;
  minimum?: number;
  maximum?: number;
  /** The resolved OpenAPI parameter, as queryString and the samples read it. */
  parameter: Json;
}

export interface ConsoleOperation {
  operationId: string;
  summary: string;
  method: string;
  path: string;
  accept: string;
  requiresAuth: boolean;
  /** Documented status -> the first sentence of its description. */
  statuses: Record<string, string>;
  query: ConsoleParameter[];
  /** `{ path, method, operation, pathItem }`, as the sample helpers take it. */
  entry: Json;
}

export function consoleOperations(spec: Json): ConsoleOperation[] {
  return operationsOf(spec).map((entry: Json) => {
    const { path, method, operation, pathItem } = entry;
    const where = `${method.toUpperCase()} ${path}`;
    const statuses = Object.fromEntries(
      Object.entries(operation.responses ?? {}).map(([status, response]) => [status, firstSentence(resolveRef(spec, response).description ?? '')]),
    );
    return {
      operationId: operation.operationId,
      summary: operation.summary,
      method: method.toUpperCase(),
      path,
      accept: successMediaType(spec, operation, where),
      requiresAuth: requiresAuth(spec, operation),
      statuses,
      query: parametersOf(spec, pathItem, operation)
        .filter((parameter: Json) => parameter.in === 'query')
        .map((parameter: Json) => consoleParameter(spec, parameter)),
      entry,
    };
  });
}

function consoleParameter(spec: Json, parameter: Json): ConsoleParameter {
  const schema = resolveRef(spec, parameter.schema ?? {});
  const isArray = schema.type === 'array';
  const values = valuesOf(spec, isArray ? resolveRef(spec, schema.items ?? {}) : schema);
  const kind: FieldKind = isArray
    ? 'array'
    : isDateTime(values.schema)
      ? 'date-time'
      : values.schema.type === 'integer'
        ? 'integer'
        : values.schema.type === 'boolean'
          ? 'boolean'
          : 'string';
  const limits = [
    values.schema.minimum !== undefined && values.schema.maximum !== undefined ? `${values.schema.minimum} to ${values.schema.maximum}` : '',
    values.schema.minimum !== undefined && values.schema.maximum === undefined ? `${values.schema.minimum} or more` : '',
    values.schema.default !== undefined ? `default ${values.schema.default}` : '',
  ].filter(Boolean);
  const type = {
    array: 'repeated',
    'date-time': 'date-time with offset',
    integer: 'integer',
    boolean: 'true or false',
    string: values.closed ? 'one of the list' : 'text',
  }[kind];
  return {
    name: parameter.name,
    kind,
    options: kind === 'boolean' ? ['true', 'false'] : values.options,
    closed: kind === 'boolean' || values.closed,
    hint: [type, ...limits].join(', '),
    ...(values.schema.minimum !== undefined && { minimum: values.schema.minimum }),
    ...(values.schema.maximum !== undefined && { maximum: values.schema.maximum }),
    parameter,
  };
}

/**
 * A schema's listed values: a closed `enum`, or the known values of an open string
 * (`x-known-values`, a `$ref` to a closed enum of the values known today), offered as suggestions.
 */
function valuesOf(spec: Json, schema: Json): { schema: Json; options: string[]; closed: boolean } {
  if (Array.isArray(schema.enum)) return { schema, options: schema.enum.map(String), closed: true };
  const known = schema['x-known-values'] ? resolveRef(spec, schema['x-known-values']) : undefined;
  return { schema, options: Array.isArray(known?.enum) ? known.enum.map(String) : [], closed: false };
}

/** A date-time by format, or by a pattern of date, `T`, time and a `Z` or `±hh:mm` offset. */
function isDateTime(schema: Json): boolean {
  return schema.format === 'date-time' || (typeof schema.pattern === 'string' && /T.*\(Z\|/.test(schema.pattern));
}

function firstSentence(markdown: string): string {
  const text = markdown
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const end = text.search(/[.:;](\s|$)/);
  return end < 0 ? text : text.slice(0, end);
}
