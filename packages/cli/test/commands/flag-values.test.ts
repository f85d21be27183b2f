// Values refused before anything is sent or created, each in one line with exit 2: --max that is not
// wholly a number, an empty --out, a --faults list the sandbox cannot read.
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess } from '../helpers/cli.js';

const refused = (line: string) => ({ code: 2, stdout: '', stderr: `merchant-ordering: ${line}\n` });

describe('values refused before anything is sent', () => {
  it.each(['5x', 'x5', '0', '1234567890123456'])('--max %s', async (max) => {
    expect(await runInProcess(['payments', 'export', '--max', max], { env: cleanEnv() })).toEqual(refused(`--max must be a whole number from 1, got "${max}"`));
  });

  it('an empty --out', async () => {
    expect(await runInProcess(['payments', 'export', '--out', ''], { env: cleanEnv() })).toEqual(refused('--out needs a file name'));
  });

  it('a --faults list the sandbox cannot read names the flag', async () => {
    expect(await runInProcess(['ping', '--sandbox', '--faults', 'bogus'], { env: cleanEnv() })).toEqual(
      refused('--faults: "bogus" is not <fault>:<probability from 0 to 1>, e.g. 429:0.1,503:0.05,insert:0.1'),
    );
  });
});
