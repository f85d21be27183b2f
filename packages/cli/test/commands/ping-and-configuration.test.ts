// ping and configuration against the sandbox: a readable line or list on a terminal, JSON when piped.
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess } from '../helpers/cli.js';
import { testSandbox } from '../helpers/sandbox.js';

describe('ping', () => {
  it('answers pong from the sandbox, with no credentials at all', async () => {
    const sandbox = await testSandbox();
    const { code, stdout, stderr } = await runInProcess(['ping', '--base-url', sandbox.url], { terminal: { stdout: true } });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(new RegExp(`^pong from ${sandbox.url}/? in \\d+ ms\\n$`));
  });

  it('prints JSON when piped', async () => {
    const { code, stdout } = await runInProcess(['ping', '--sandbox']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ pong: true, baseUrl: 'https://global-api-sandbox.afterpay.com', ms: expect.any(Number) });
  });

  it('exits 1 with one line when nothing answers', async () => {
    const sandbox = await testSandbox();
    await sandbox.close();
    const { code, stderr } = await runInProcess(['ping', '--base-url', sandbox.url]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^merchant-ordering: .*\n$/);
    expect(stderr.split('\n')).toHaveLength(2);
  });
});

describe('configuration', () => {
  it('lists the limits and the parts asked for with --include on a terminal', async () => {
    const sandbox = await testSandbox();
    const { code, stdout } = await runInProcess(['configuration', '--base-url', sandbox.url, '--include', 'publicid', '--include', 'paybyinstallment'], {
      env: cleanEnv(sandbox.env),
      terminal: { stdout: true },
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^minimumAmount +1\.00 AUD$/m);
    expect(stdout).toMatch(/^maximumAmount +2000\.00 AUD$/m);
    expect(stdout).toMatch(/^publicId +\S+$/m);
    expect(stdout).toMatch(/^payByInstallment\.minimumAmount +\S+ AUD$/m);
    expect(stdout).not.toContain('consumerLending');
  });

  it('prints the JSON when piped, and with --json on a terminal', async () => {
    const sandbox = await testSandbox();
    const piped = await runInProcess(['configuration', '--base-url', sandbox.url], { env: cleanEnv(sandbox.env) });
    const forced = await runInProcess(['configuration', '--base-url', sandbox.url, '--json'], { env: cleanEnv(sandbox.env), terminal: { stdout: true } });
    expect(JSON.parse(piped.stdout)).toEqual({ minimumAmount: { amount: '1.00', currency: 'AUD' }, maximumAmount: { amount: '2000.00', currency: 'AUD' } });
    expect(forced.stdout).toBe(piped.stdout);
  });

  it('names --include when the client refuses a value', async () => {
    const { code, stderr } = await runInProcess(['configuration', '--sandbox', '--include', 'publicid,consumerlending']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^merchant-ordering: --include must be free of commas/);
  });
});
