// Credentials: MERCHANT_ID and SECRET_KEY, else a profile of $XDG_CONFIG_HOME/merchant-ordering/profiles.json
// (~/.config/... when unset), --profile NAME, the environment winning; a file others could read is
// refused in one line before it is read; nothing secret ever printed.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profilesPath, readCredentials } from '../../src/credentials.js';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { testSandbox } from '../helpers/sandbox.js';

function writeProfiles(dir: string, profiles: unknown, mode = 0o600): string {
  const path = join(dir, 'merchant-ordering', 'profiles.json');
  mkdirSync(join(dir, 'merchant-ordering'), { recursive: true });
  writeFileSync(path, typeof profiles === 'string' ? profiles : JSON.stringify(profiles), { mode });
  chmodSync(path, mode);
  return path;
}

describe('the profile file', () => {
  it('is in $XDG_CONFIG_HOME/merchant-ordering, or ~/.config/merchant-ordering when XDG_CONFIG_HOME is unset or relative', () => {
    expect(profilesPath({ XDG_CONFIG_HOME: '/x/config', HOME: '/home/a' })).toBe('/x/config/merchant-ordering/profiles.json');
    expect(profilesPath({ HOME: '/home/a' })).toBe('/home/a/.config/merchant-ordering/profiles.json');
    expect(profilesPath({ XDG_CONFIG_HOME: 'relative', HOME: '/home/a' })).toBe('/home/a/.config/merchant-ordering/profiles.json');
  });

  it('gives the "default" profile, or the one --profile names', () => {
    const xdg = scratchDir('xdg-');
    writeProfiles(xdg, { default: { merchantId: '32', secretKey: 'abcdefgh' }, ops: { merchantId: '33', secretKey: 'other' } });
    expect(readCredentials({ XDG_CONFIG_HOME: xdg }, undefined)).toMatchObject({ merchantId: '32', secretKey: 'abcdefgh' });
    expect(readCredentials({ XDG_CONFIG_HOME: xdg }, 'ops')).toMatchObject({ merchantId: '33', secretKey: 'other' });
  });

  it('loses to MERCHANT_ID and SECRET_KEY, even when --profile names one', () => {
    const xdg = scratchDir('xdg-');
    writeProfiles(xdg, { ops: { merchantId: '33', secretKey: 'other' } });
    expect(readCredentials({ XDG_CONFIG_HOME: xdg, MERCHANT_ID: '40', SECRET_KEY: 'env-key' }, 'ops')).toMatchObject({
      merchantId: '40',
      secretKey: 'env-key',
    });
  });

  it('is refused in one line when other users can read or change it, without being read', () => {
    for (const mode of [0o644, 0o640, 0o604, 0o620]) {
      const xdg = scratchDir('xdg-');
      const path = writeProfiles(xdg, '{ not even JSON', mode);
      expect(() => readCredentials({ XDG_CONFIG_HOME: xdg }, undefined)).toThrow(
        `${path} can be read or changed by other users (mode ${mode.toString(8)}); it holds secret keys: run chmod 600 ${path}`,
      );
    }
  });

  it('says which profile is missing and which exist', () => {
    const xdg = scratchDir('xdg-');
    const path = writeProfiles(xdg, { default: { merchantId: '32', secretKey: 'abcdefgh' }, ops: { merchantId: '33', secretKey: 'x' } });
    expect(() => readCredentials({ XDG_CONFIG_HOME: xdg }, 'prod')).toThrow(`no profile "prod" in ${path} (it has "default", "ops")`);
  });

  it('does not quote a broken file: the text around the mistake may be a secret key', () => {
    const xdg = scratchDir('xdg-');
    const path = writeProfiles(xdg, '{ "default": { "merchantId": "32", "secretKey": s3cr3t-key } }');
    let message = '';
    try {
      readCredentials({ XDG_CONFIG_HOME: xdg }, undefined);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`${path} is not valid JSON`);
  });

  it('needs both values of the environment, or neither', () => {
    expect(() => readCredentials({ MERCHANT_ID: '32' }, undefined)).toThrow('MERCHANT_ID is set but SECRET_KEY is not');
    expect(() => readCredentials({ SECRET_KEY: 'x' }, undefined)).toThrow('SECRET_KEY is set but MERCHANT_ID is not');
  });
});

describe('credentials on the command line', () => {
  it("a profile's credentials reach the sandbox", async () => {
    const sandbox = await testSandbox();
    const xdg = scratchDir('xdg-');
    writeProfiles(xdg, { sandbox: sandbox.credentials });
    const { code, stdout } = await runInProcess(['payments', 'list', '--base-url', sandbox.url, '--profile', 'sandbox', '--limit', '1'], {
      env: cleanEnv({ XDG_CONFIG_HOME: xdg }),
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).totalResults).toBe(1000);
  });

  it('~/.config is used when XDG_CONFIG_HOME is unset', async () => {
    const sandbox = await testSandbox();
    const home = scratchDir('home-');
    writeProfiles(join(home, '.config'), { default: sandbox.credentials });
    const { code } = await runInProcess(['payments', 'list', '--base-url', sandbox.url, '--limit', '1'], { env: { PATH: process.env.PATH, HOME: home } });
    expect(code).toBe(0);
  });

  it('no credentials at all is one line saying where they go, exit 2', async () => {
    const { code, stderr } = await runInProcess(['payments', 'list']);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^merchant-ordering: no credentials: set MERCHANT_ID and SECRET_KEY, or write a profile to \/\S+\/\.config\/merchant-ordering\/profiles\.json \(or try --sandbox\)\n$/,
    );
  });

  it('a profile file readable by others is one line, exit 2', async () => {
    const xdg = scratchDir('xdg-');
    writeProfiles(xdg, { default: { merchantId: '32', secretKey: 'abcdefgh' } }, 0o644);
    const { code, stderr } = await runInProcess(['payments', 'list'], { env: cleanEnv({ XDG_CONFIG_HOME: xdg }) });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^merchant-ordering: \S+profiles\.json can be read or changed by other users \(mode 644\); it holds secret keys: run chmod 600 \S+\n$/,
    );
  });

  it('a secret key the client refuses is named by where it came from, never shown', async () => {
    const { code, stderr } = await runInProcess(['payments', 'list'], { env: cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abc\n' }) });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^merchant-ordering: SECRET_KEY must be without control characters/);
    const xdg = scratchDir('xdg-');
    writeProfiles(xdg, { ops: { merchantId: 'a b', secretKey: 'x' } });
    const profile = await runInProcess(['payments', 'list', '--profile', 'ops'], { env: cleanEnv({ XDG_CONFIG_HOME: xdg }) });
    expect(profile.stderr).toMatch(/^merchant-ordering: profile "ops" in \S+profiles\.json: merchantId must be without spaces/);
  });
});

describe('a profile file that is not a regular file', () => {
  it('a FIFO at profiles.json is refused in one line, without hanging', async () => {
    const { execFileSync } = await import('node:child_process');
    const { spawnCli } = await import('../helpers/cli.js');
    const xdg = scratchDir('xdg-');
    mkdirSync(join(xdg, 'merchant-ordering'), { recursive: true });
    const path = join(xdg, 'merchant-ordering', 'profiles.json');
    execFileSync('mkfifo', ['-m', '600', path]);
    const { child, done } = spawnCli(['payments', 'list', '--base-url', 'http://127.0.0.1:9'], { env: cleanEnv({ XDG_CONFIG_HOME: xdg }) });
    // A bound, not a pause: the command answers in well under a second; a hang is killed, and fails below.
    const hang = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const result = await done;
    clearTimeout(hang);
    expect(result).toMatchObject({ code: 2, signal: null, stderr: `merchant-ordering: ${path} is a FIFO, not a file\n` });
  }, 90_000);
});
