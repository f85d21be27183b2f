// How the generator matrix compares a query a client sent with the documented one: as the service reads
// them, not byte by byte. Both are decoded the way the service decodes (application/x-www-form-urlencoded:
// `+` and `%20` are both a space, so a raw `+` in a date arrives as a space and differs), then compared
// name by name: the same names, and for each name the same values in the same order. The order between
// different names is free (the API sets none), and so is each generator's choice of `%20` or `+` for a
// space; a comma-joined array, brackets, a lost value or a raw `+` are differences. A parameter sent
// with its schema `default` where the expected query leaves it out reads the same to the service (it
// applies that default), so it is not a difference; it is listed in `defaultsSent`.

/** The decoded name=value pairs of a raw query string, in order. */
export function decodePairs(rawQuery) {
  return [...new URLSearchParams(rawQuery)];
}

/** Values per name, in the order they were sent. */
function valuesByName(pairs) {
  const byName = new Map();
  for (const [name, value] of pairs) byName.set(name, [...(byName.get(name) ?? []), value]);
  return byName;
}

/**
 * @param {Record<string, string>} [defaults] the operation's query parameters' schema defaults, as text
 * @returns {{ same: boolean, difference: string, defaultsSent: string[] }} `difference` names the first
 * parameter that differs (empty when they are the same).
 */
export function comparePairs(sentRaw, expectedRaw, defaults = {}) {
  const sent = valuesByName(decodePairs(sentRaw));
  const expected = valuesByName(decodePairs(expectedRaw));
  const defaultsSent = [];
  for (const name of new Set([...expected.keys(), ...sent.keys()])) {
    const want = expected.get(name) ?? [];
    const got = sent.get(name) ?? [];
    if (want.length === 0 && got.length === 1 && Object.hasOwn(defaults, name) && got[0] === defaults[name]) {
      defaultsSent.push(`${name}=${got[0]}`);
      continue;
    }
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      return { same: false, difference: `${name}: sent ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`, defaultsSent };
    }
  }
  return { same: true, difference: '', defaultsSent };
}

/** The schema defaults of each path's query parameters in a bundle, as text: { '/v2/payments': { limit: '20' } }. */
export function queryDefaults(bundle) {
  const resolve = (node) =>
    node?.$ref
      ? resolve(
          node.$ref
            .split('/')
            .slice(1)
            .reduce((at, key) => at?.[key], bundle),
        )
      : node;
  return Object.fromEntries(
    Object.entries(bundle.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        (item.get?.parameters ?? [])
          .map(resolve)
          .filter((parameter) => parameter?.in === 'query' && resolve(parameter.schema)?.default !== undefined)
          .map((parameter) => [parameter.name, String(resolve(parameter.schema).default)]),
      ),
    ]),
  );
}
