// Which files a package.json points at (exports, imports, types, typesVersions, main, bin) that its
// tarball lacks.
// TypeScript and bundlers forgive some of these (a "types" target falls back to the .d.ts beside the
// "default" one), so a consumer project alone would not catch them.

/** Every target path in an exports/imports value, with the key path that leads to it. */
function targets(value, where) {
  if (typeof value === 'string') return [{ where, target: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => targets(item, `${where}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => targets(item, `${where} > ${key}`));
  return []; // null: an explicitly blocked subpath
}

/**
 * @param {Record<string, any>} manifest the packed package.json
 * @param {Iterable<string>} files the tarball's paths, without the `package/` prefix
 * @returns {string[]} one line per target with no file, e.g. `exports > . > types: ./dist/x.d.ts`
 */
export function missingTargets(manifest, files) {
  const present = new Set(files);
  const all = [
    ...targets(manifest.exports, 'exports'),
    ...targets(manifest.imports, 'imports'),
    ...['types', 'typings', 'main', 'module'].flatMap((field) => targets(manifest[field], field)),
    ...targets(typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : manifest.bin, 'bin'),
    ...targets(manifest.typesVersions, 'typesVersions'),
  ];
  return all.filter(({ target }) => !exists(target, present)).map(({ where, target }) => `${where}: ${target}`);
}

function exists(target, present) {
  const path = target.replace(/^\.\//, '');
  if (!path.includes('*')) return present.has(path);
  // A subpath pattern must match at least one file.
  const [before, after] = path.split('*');
  return [...present].some((file) => file.startsWith(before) && file.endsWith(after) && file.length >= before.length + after.length);
}
