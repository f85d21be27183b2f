// Reads an npm tarball (.tgz) without a tar binary: its files and its package.json, as a registry
// would serve them. Paths are given without npm's leading `package/`.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/**
 * @param {string} path the .tgz
 * @returns {Map<string, Buffer>} every regular file in the tarball, by path
 */
export function readTarball(path) {
  const archive = gunzipSync(readFileSync(path));
  /** @type {Map<string, Buffer>} */
  const files = new Map();
  let longName;
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const field = (/** @type {number} */ start, /** @type {number} */ length) =>
      header
        .subarray(start, start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const body = archive.subarray(offset + BLOCK, offset + BLOCK + size);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;

    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    if (type === '0' || type === '7') files.set(name.replace(/^[^/]+\//, ''), Buffer.from(body));
  }
  return files;
}

/**
 * The package.json inside a tarball, as published.
 * @param {string} path the .tgz
 * @returns {{ name: string, version: string, dependencies?: Record<string, string> } & Record<string, any>}
 */
export function readPackedManifest(path) {
  const manifest = readTarball(path).get('package.json');
  if (!manifest) throw new Error(`${path} has no package.json`);
  return JSON.parse(manifest.toString('utf8'));
}
