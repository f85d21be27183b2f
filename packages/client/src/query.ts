// Validates and normalises query parameters before they are serialised, because the service answers
// malformed dates and arrays with 500 (and openapi-fetch would silently drop a Date). Each parameter's
// rule (type, range, closed list) comes from the spec, through the generated queryRules. Serialising
// is openapi-fetch's default style (form/explode arrays, encodeURIComponent), which sends repeated keys
// and `+` as `%2B`, as the API requires, over the query's own properties only.
import type { components, operations } from '@merchant-ordering/types';
import { queryRules } from './generated/query-rules.js';
import { checkObject, fail, instantOf, type Rule } from './validate.js';

type ListQuery = NonNullable<operations['listPayments']['parameters']['query']>;
type ConfigurationQuery = NonNullable<operations['getConfiguration']['parameters']['query']>;
type OneOrMany<T> = T | readonly T[];
type DateParam = 'fromCreatedDate' | 'toCreatedDate';

/** List Payments filters as callers write them: dates as a Date or a string, one value or an array for arrays. */
export type ListPaymentsQuery = {
  [K in keyof ListQuery]?: (K extends DateParam ? Date | string : NonNullable<ListQuery[K]> extends (infer T)[] ? OneOrMany<T> : ListQuery[K]) | undefined;
};

export type OrderBy = NonNullable<ListQuery['orderBy']>;
export type ConfigurationInclude = components['schemas']['ConfigurationInclude'];

export interface ConfigurationOptions {
  /** Optional parts to add: `publicid`, `consumerlending`, `paybyinstallment`. */
  include?: OneOrMany<ConfigurationInclude> | undefined;
}

// Typed against the generated schema, so a parameter without a rule fails to compile.
const LIST_RULES: Record<keyof ListQuery, Rule> = queryRules.listPayments;
const CONFIGURATION_RULES: Record<keyof ConfigurationQuery, Rule> = queryRules.getConfiguration;

/** Checks a List Payments query and returns it in the form the service accepts. Throws ValidationError. */
export function normaliseListPaymentsQuery(query: unknown = {}): ListQuery {
  const out = checkObject<ListQuery>(query, 'query', LIST_RULES);
  const { fromCreatedDate: from, toCreatedDate: to } = out;
  if (from && to && instantOf(from) > instantOf(to)) fail('fromCreatedDate', 'dateRange', `no later than toCreatedDate ${to}`, from);
  return out;
}

/** Checks the Get Configuration options and returns the query. Throws ValidationError. */
export function normaliseConfigurationQuery(options: unknown = {}): ConfigurationQuery {
  return checkObject<ConfigurationQuery>(options, 'options', CONFIGURATION_RULES);
}

/**
 * `?name=value&...` (empty without parameters): arrays as repeated keys, values through
 * encodeURIComponent, as openapi-fetch's default serializer writes them. Its for-in loop would also send
 * whatever another library set on Object.prototype; Object.entries reads own properties only.
 */
export function serialiseQuery(query: object): string {
  let search = '';
  for (const name of Object.keys(query)) {
    const value = (query as Record<string, string | number | boolean | readonly string[] | null | undefined>)[name];
    if (Array.isArray(value)) for (const item of value) search += `${search ? '&' : '?'}${name}=${encodeURIComponent(item)}`;
    else if (value != null) search += `${search ? '&' : '?'}${name}=${encodeURIComponent(value as string)}`;
  }
  return search;
}
