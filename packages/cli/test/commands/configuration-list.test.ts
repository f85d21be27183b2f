// The configuration as a list on a terminal, line for line: keys padded to the longest, an amount of two
// strings on one line, any other object as dotted keys, an array as compact JSON, null as null; and one
// too deep to print, with --json, refused in one line.
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess } from '../helpers/cli.js';
import { hostileServer } from '../helpers/hostile-server.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });

async function configured(body: unknown) {
  return hostileServer(() => ({ status: 200, body: JSON.stringify(body) }));
}

describe('configuration on a terminal', () => {
  it('lists every field on its own line, aligned', async () => {
    const server = await configured({
      minimumAmount: { amount: '1.00', currency: 'AUD' },
      consumerLending: { enabled: true },
      pair: { amount: 1, currency: 'AUD' },
      coded: { amount: '1.00', currency: 36 },
      strings: { a: 'x', b: 'y' },
      three: { amount: '1.00', currency: 'AUD', note: 'n' },
      countries: ['AU', 'NZ'],
      nothing: null,
    });
    const { code, stdout, stderr } = await runInProcess(['configuration', '--base-url', server.url], { env: env(), terminal: { stdout: true } });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe(
      [
        'minimumAmount            1.00 AUD',
        'consumerLending.enabled  true',
        'pair.amount              1',
        'pair.currency            AUD',
        'coded.amount             1.00',
        'coded.currency           36',
        'strings.a                x',
        'strings.b                y',
        'three.amount             1.00',
        'three.currency           AUD',
        'three.note               n',
        'countries                ["AU","NZ"]',
        'nothing                  null',
        '',
      ].join('\n'),
    );
  });

  it('--json: a configuration nested too deep to print is one line, exit 1', async () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 129; level++) deep = { next: deep };
    const server = await configured({ minimumAmount: { amount: '1.00', currency: 'AUD' }, deep });
    expect(await runInProcess(['configuration', '--base-url', server.url, '--json'], { env: env() })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'merchant-ordering: the configuration is nested more than 128 levels deep; not printed\n',
    });
  });
});
