// The profile file at its edges, each refusal's exact text: no file (named or not), an empty file of
// profiles, a profile missing a value, what is not a file (a folder, a socket), a path that cannot be
// read, JSON that is not an object; where each value came from; and no descriptor left open.
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCredentials } from '../../src/credentials.js';
import { scratchDir } from '../helpers/cli.js';

/** A config folder with `profiles` (JSON, or text as is) at merchant-ordering/profiles.json, 0600. */
function config(profiles?: unknown) {
  const xdg = scratchDir('xdg-');
  const path = join(xdg, 'merchant-ordering', 'profiles.json');
  mkdirSync(join(xdg, 'merchant-ordering'));
  if (profiles !== undefined) {
    writeFileSync(path, typeof profiles === 'string' ? profiles : JSON.stringify(profiles), { mode: 0o600 });
    chmodSync(path, 0o600);
  }
  return { env: { XDG_CONFIG_HOME: xdg }, path };
}

describe('the profile file, refused in one line naming it', () => {
  it('no file: with --profile it says so; without, it says where credentials go', () => {
    const { env, path } = config();
    expect(() => readCredentials(env, 'ops')).toThrow(`no profile file at ${path}`);
    expect(() => readCredentials(env, undefined)).toThrow(`no credentials: set MERCHANT_ID and SECRET_KEY, or write a profile to ${path} (or try --sandbox)`);
  });

  it('a file with no profiles names none', () => {
    const { env, path } = config({});
    expect(() => readCredentials(env, undefined)).toThrow(new RegExp(`^no profile "default" in ${path.replace(/[.]/g, '\\.')}$`));
  });

  it('a profile whose values are not both strings', () => {
    const { env, path } = config({ default: { merchantId: 32, secretKey: 'abcdefgh' } });
    expect(() => readCredentials(env, undefined)).toThrow(`profile "default" in ${path} needs "merchantId" and "secretKey", both strings`);
  });

  it('a folder, or a socket, where the file goes', async () => {
    const folder = config();
    mkdirSync(folder.path);
    expect(() => readCredentials(folder.env, undefined)).toThrow(`${folder.path} is a folder, not a file`);
    const socket = config();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket.path, resolve));
    try {
      expect(() => readCredentials(socket.env, undefined)).toThrow(`${socket.path} is a socket, not a file`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a path that cannot be read for another reason names the code', () => {
    const xdg = scratchDir('xdg-');
    writeFileSync(join(xdg, 'merchant-ordering'), '');
    const path = join(xdg, 'merchant-ordering', 'profiles.json');
    expect(() => readCredentials({ XDG_CONFIG_HOME: xdg }, undefined)).toThrow(`cannot read ${path}: ENOTDIR`);
  });

  it.each(['[]', 'null', '5', '"default"'])('JSON that is not an object of profiles: %s', (text) => {
    const { env, path } = config(text);
    expect(() => readCredentials(env, undefined)).toThrow(
      `${path} must be a JSON object of profiles: { "default": { "merchantId": "...", "secretKey": "..." } }`,
    );
  });
});

// Only root can make a file of another user's, or open one whose owner has no read bit.
describe.runIf(process.getuid?.() === 0)('as root', () => {
  it("a file of another user's is refused", () => {
    const { env, path } = config({ default: { merchantId: '32', secretKey: 'abcdefgh' } });
    chownSync(path, 65534, 65534);
    expect(() => readCredentials(env, undefined)).toThrow(`${path} belongs to another user; it holds secret keys: use your own`);
  });

  it('the mode is shown in three octal digits', () => {
    const { env, path } = config({ default: { merchantId: '32', secretKey: 'abcdefgh' } });
    chmodSync(path, 0o044);
    expect(() => readCredentials(env, undefined)).toThrow(`(mode 044)`);
  });
});

describe('a profile read', () => {
  it('says where each value came from', () => {
    const { env, path } = config({ default: { merchantId: '32', secretKey: 'abcdefgh' } });
    expect(readCredentials(env, undefined)).toEqual({
      merchantId: '32',
      secretKey: 'abcdefgh',
      source: { merchantId: `profile "default" in ${path}: merchantId`, secretKey: `profile "default" in ${path}: secretKey` },
    });
  });

  it.runIf(existsSync('/proc/self/fd'))('leaves no file descriptor open, read or refused', () => {
    const good = config({ default: { merchantId: '32', secretKey: 'abcdefgh' } });
    const bad = config('[]');
    const before = readdirSync('/proc/self/fd').length;
    for (let round = 0; round < 5; round++) {
      readCredentials(good.env, undefined);
      expect(() => readCredentials(bad.env, undefined)).toThrow();
    }
    expect(readdirSync('/proc/self/fd').length).toBe(before);
  });
});
