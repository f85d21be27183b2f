// --live reads credentials as the CLI does (MERCHANT_ID/SECRET_KEY, then profiles.json with its
// permission checks). The CLI exports no module for it, so this package keeps a copy, and this test
// keeps the copy identical to the CLI's file, below the two lines that say it is a copy.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveConnection } from '../../src/index.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** An XDG_CONFIG_HOME whose merchant-ordering/profiles.json holds `profiles`, with the file's mode. */
function configHome(profiles: object, mode: number): string {
  const home = mkdtempSync(join(tmpdir(), 'mcp-profile-'));
  mkdirSync(join(home, 'merchant-ordering'));
  const file = join(home, 'merchant-ordering/profiles.json');
  writeFileSync(file, JSON.stringify(profiles));
  chmodSync(file, mode);
  return home;
}

describe('credentials', () => {
  it.each(['credentials.ts', 'file-kind.ts'])("src/%s is the CLI's, after its two header lines", (file) => {
    const copy = read(`../../src/${file}`).split('\n');
    expect(copy.slice(0, 2).join('\n')).toMatch(new RegExp(`^// A copy of packages/cli/src/${file.replace('.', '\\.')}`));
    expect(copy.slice(2).join('\n')).toBe(read(`../../../cli/src/${file}`));
  });

  it("--live reads a profile of the CLI's profiles.json, and names the live base URL as the source", () => {
    const home = configHome({ work: { merchantId: 'm-42', secretKey: 'not-a-real-key' } }, 0o600);
    const connection = liveConnection({ env: { XDG_CONFIG_HOME: home }, profile: 'work', environment: 'production' });
    expect(connection.source).toEqual({ kind: 'live', baseUrl: 'https://global-api.afterpay.com' });
    expect(connection.redact('key not-a-real-key here')).toBe('key [REDACTED] here');
  });

  it('a profile file others can read is refused, as the CLI refuses it', () => {
    const home = configHome({ default: { merchantId: 'm', secretKey: 'k' } }, 0o644);
    expect(() => liveConnection({ env: { XDG_CONFIG_HOME: home } })).toThrow(/can be read or changed by other users \(mode 644\)/);
  });
});
