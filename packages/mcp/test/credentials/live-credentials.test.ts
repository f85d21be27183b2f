// --live reads credentials through @merchant-ordering/cli/credentials, as the CLI does (MERCHANT_ID/SECRET_KEY,
// then profiles.json with its permission checks): a profile of the CLI's file works here, and a file the
// CLI refuses is refused here too.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveConnection } from '../../src/index.js';

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
