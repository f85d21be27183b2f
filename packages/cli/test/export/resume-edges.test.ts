// A resume's edges: the checkpoint records a boolean flag as "yes" and a resume with another --max is
// refused naming it; a checkpoint marked done is completed by --resume, saying so on a terminal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { movingServer } from '../helpers/moving-server.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });

/** An export of 120 payments stopped at 50 by a failing page. */
async function stopped(extra: string[] = []) {
  const server = await movingServer(120);
  server.failFrom = 50;
  const out = join(scratchDir('resume-'), 'p.jsonl');
  const args = ['payments', 'export', '--base-url', server.url, '--limit', '50', '--out', out, ...extra];
  expect((await runInProcess(args, { env: env() })).code).toBe(1);
  server.failFrom = Infinity;
  return { out, args, checkpoint: `${out}.checkpoint.json` };
}

describe('resuming an export', () => {
  it('records a boolean flag as "yes", and refuses a resume with another --max, naming it', async () => {
    const { args, checkpoint } = await stopped(['--ascending', '--max', '100']);
    expect(JSON.parse(readFileSync(checkpoint, 'utf8')).arguments).toMatchObject({ '--ascending': 'yes', '--max': '100' });
    const other = args.map((arg) => (arg === '100' ? '110' : arg));
    expect(await runInProcess([...other, '--resume'], { env: env() })).toEqual({
      code: 2,
      stdout: '',
      stderr: `merchant-ordering: --resume: ${checkpoint} was made with other arguments (--max: 100 then, 110 now); run the command it was made with, or delete it to start over\n`,
    });
  });

  it('completes an export whose checkpoint says done, and says so on a terminal', async () => {
    const { out, args, checkpoint } = await stopped();
    writeFileSync(checkpoint, JSON.stringify({ ...JSON.parse(readFileSync(checkpoint, 'utf8')), done: true }));
    expect(await runInProcess([...args, '--resume'], { env: env(), terminal: { stderr: true } })).toEqual({
      code: 0,
      stdout: '',
      stderr: `${out} was already complete (50 payments)\n`,
    });
    expect(readFileSync(out, 'utf8').split('\n')).toHaveLength(51);
    expect([existsSync(`${out}.partial`), existsSync(checkpoint)]).toEqual([false, false]);
  });

  it('completes it quietly when stderr is not a terminal', async () => {
    const { out, args, checkpoint } = await stopped();
    writeFileSync(checkpoint, JSON.stringify({ ...JSON.parse(readFileSync(checkpoint, 'utf8')), done: true }));
    expect(await runInProcess([...args, '--resume'], { env: env() })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(out)).toBe(true);
  });
});
