// How the generator matrix compares a query a client sent with the documented one: as the service reads
// them, not byte by byte. Both are decoded the way the service decodes (application/x-www-form-urlencoded:
// `+` and `%20` are both a space, so a raw `+` in a date arrives as a space and differs), then compared
// name by name: the same names, and for each name the same values in the same order. The order between
// different names is free (the API sets none), and so is each generator's choice of `%20` or `+` for a
// space; a comma-joined array, brackets, a lost value or a raw `+` are differences.

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
 * @returns {{ same: boolean, difference: string }} `difference` names the first parameter that differs
 * (empty when they are the same).
 */
export function comparePairs(sentRaw, expectedRaw) {
  const sent = valuesByName(decodePairs(sentRaw));
  const expected = valuesByName(decodePairs(expectedRaw));
  for (const name of new Set([...expected.keys(), ...sent.keys()])) {
    const want = expected.get(name) ?? [];
    const got = sent.get(name) ?? [];
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      return { same: false, difference: `${name}: sent ${JSON.stringify(got)}, expected ${JSON.stringify(want)}` };
    }
  }
  return { same: true, difference: '' };
}
