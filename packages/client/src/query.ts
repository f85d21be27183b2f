// Validates and normalises query parameters BEFORE openapi-fetch serialises them, because the service
// answers malformed dates and arrays with 500 and openapi-fetch would silently drop a Date.
// Encoding is left to openapi-fetch's default serializer (form/explode arrays, encodeURIComponent),
// which sends repeated keys and `+` as `%2B`, as the API requires.
import type { components, operations } from './generated/schema.js';
import { fail, integerIn, isRecord, rejectUnknown } from './validate.js';

type ListQuery = NonNullable<operations['listPayments']['parameters']['query']>;
type ConfigurationQuery = NonNullable<operations['getConfiguration']['parameters']['query']>;
type OneOrMany<T> = T | readonly T[];
type DateParam = 'fromCreatedDate' | 'toCreatedDate';

/** List Payments filters as callers write them: dates as a Date or a string, one value or an array for arrays. */
export type ListPaymentsQuery = {
  [K in keyof ListQuery]?:
    | (K extends DateParam ? Date | string : NonNullable<ListQuery[K]> extends (infer T)[] ? OneOrMany<T> : ListQuery[K])
    | undefined;
};

export type OrderBy = NonNullable<ListQuery['orderBy']>;
export type ConfigurationInclude = components['schemas']['ConfigurationInclude'];

export interface ConfigurationOptions {
  /** Optional parts to add: `publicid`, `consumerlending`, `paybyinstallment`. */
  include?: OneOrMany<ConfigurationInclude> | undefined;
}

// The generated types carry no runtime values, so the closed enums are listed here; the type checks
// below fail to compile when the spec gains a value these lists lack.
const ORDER_BY = ['createdAt', 'id', 'totalAmount', 'merchantReference', 'email'] as const satisfies readonly OrderBy[];
const INCLUDE = ['publicid', 'consumerlending', 'paybyinstallment'] as const satisfies readonly ConfigurationInclude[];
type AssertNever<T extends never> = T;
type ListsCoverTheSpec = [
  AssertNever<Exclude<OrderBy, (typeof ORDER_BY)[number]>>,
  AssertNever<Exclude<ConfigurationInclude, (typeof INCLUDE)[number]>>,
];

/** Parameter kinds in spec order: the normalised query (and so the query string) keeps this order. */
const LIST_PARAMS = {
  toCreatedDate: 'date',
  fromCreatedDate: 'date',
  limit: 250, // an integer from 1 (the minimum for limit) to this
  offset: 2 ** 31 - 1, // an integer from 0 to this (int32)
  tokens: 'array',
  ids: 'array',
  merchantReferences: 'array',
  statuses: 'array',
  orderBy: ORDER_BY,
  ascending: 'boolean',
} as const satisfies Record<keyof ListQuery, unknown>;

/** Date, `T`, time with fractional seconds, and `Z` or `±hh:mm`: the spec's QueryDateTime pattern (hour 24 refused). */
const DATE_TIME = /^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/;

/** Checks a List Payments query and returns it in the form the service accepts. Throws ValidationError. */
export function normaliseListPaymentsQuery(query: unknown = {}): ListQuery {
  if (!isRecord(query)) fail('query', 'type', 'an object', query);
  rejectUnknown(query, Object.keys(LIST_PARAMS));
  const out: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(LIST_PARAMS)) {
    const value = query[name];
    if (value === undefined) continue;
    out[name] =
      kind === 'date'
        ? dateParam(value, name)
        : kind === 'array'
          ? arrayParam(value, name)
          : kind === 'boolean'
            ? booleanParam(value, name)
            : typeof kind === 'number'
              ? integerIn(value, name, +(name === 'limit'), kind)
              : enumParam(value, name, kind);
  }
  const { fromCreatedDate: from, toCreatedDate: to } = out as Record<DateParam, string | undefined>;
  if (from && to && Date.parse(from) > Date.parse(to)) fail('fromCreatedDate', 'dateRange', `no later than toCreatedDate ${to}`, from);
  return out as ListQuery;
}

/** Checks the Get Configuration options and returns the query. Throws ValidationError. */
export function normaliseConfigurationQuery(options: unknown = {}): ConfigurationQuery {
  if (!isRecord(options)) fail('options', 'type', 'an object', options);
  rejectUnknown(options, ['include']);
  if (options.include === undefined) return {};
  const include = arrayParam(options.include, 'include');
  for (const value of include) enumParam(value, 'include', INCLUDE);
  return { include } as ConfigurationQuery;
}

/** A Date becomes its UTC ISO form; a string must be a real date-time in the documented form and is kept as given. */
function dateParam(value: unknown, name: string): string {
  const text = value instanceof Date ? (isNaN(+value) ? 'Invalid Date' : value.toISOString()) : value;
  if (typeof text !== 'string') fail(name, 'type', 'a Date or a string', value);
  // Date.parse refuses month 13 or minute 60 but accepts 30 February, so the day is checked separately.
  if (!DATE_TIME.test(text) || isNaN(Date.parse(text)) || new Date(text.slice(0, 10)).getUTCDate() !== +text.slice(8, 10)) {
    fail(name, 'format', 'a date-time like 2024-01-31T09:00:00.000+11:00 (fractional seconds, Z or ±hh:mm)', text);
  }
  return text;
}

function arrayParam(value: unknown, name: string): string[] {
  const list: unknown[] = typeof value === 'string' ? [value] : Array.isArray(value) ? [...value] : [value];
  // An empty list would send no filter at all and so match everything: refuse it rather than guess.
  if (!list.length) fail(name, 'minItems', 'a non-empty array (leave it out to match everything)');
  for (const item of list) {
    if (typeof item !== 'string') fail(name, 'type', 'a string or an array of strings', item);
    if (!item) fail(name, 'minLength', 'free of empty strings');
    // A lone UTF-16 surrogate makes encodeURIComponent throw a URIError.
    if (/\p{Cs}/u.test(item)) fail(name, 'unicode', 'well-formed Unicode (a lone surrogate cannot be URL-encoded)');
  }
  return list as string[];
}

function enumParam(value: unknown, name: string, allowed: readonly string[]): string {
  if (!allowed.includes(value as string)) {
    fail(name, typeof value === 'string' ? 'enum' : 'type', `one of ${allowed.join(', ')}`, value);
  }
  return value as string;
}

function booleanParam(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') fail(name, 'type', 'true or false', value);
  return value;
}
