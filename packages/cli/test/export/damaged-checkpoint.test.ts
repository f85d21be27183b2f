// A checkpoint is checked against the partial file it describes before anything is appended: a damaged
// or tampered one is one line naming the file and saying to delete it to start over (exit 2), and the
// partial file is left as it was.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runInProcess, scratchDir } from '../helpers/cli.js';
import { movingServer } from '../helpers/moving-server.js';

const env = () => cleanEnv({ MERCHANT_ID: '32', SECRET_KEY: 'abcdefgh' });

/** An export stopped at 300 of 600 payments, then the checkpoint changed by `tamper`. */
type Tamper = (checkpoint: Record<string, any>, partial: Buffer) => void;

async function stoppedExport(format: 'jsonl' | 'csv', tamper: Tamper) {
  const server = await movingServer(600);
  server.failFrom = 300;
  const out = join(scratchDir('damaged-'), `p.${format}`);
  const args = ['payments', 'export', '--base-url', server.url, '--format', format, '--limit', '50', '--out', out, '--resume'];
  expect((await runInProcess(args, { env: env() })).code).toBe(1);
  server.failFrom = Infinity;
  const path = `${out}.checkpoint.json`;
  const checkpoint = JSON.parse(readFileSync(path, 'utf8'));
  expect(checkpoint.position.written).toBe(300);
  const partial = readFileSync(`${out}.partial`);
  tamper(checkpoint, partial);
  writeFileSync(path, JSON.stringify(checkpoint));
  const resumed = await runInProcess(args, { env: env() });
  return { out, resumed, partialBefore: partial, partialAfter: readFileSync(`${out}.partial`) };
}

describe('a damaged checkpoint is refused before anything is appended', () => {
  it.each<[string, 'jsonl' | 'csv', Tamper, RegExp]>([
    ['bytes: -10', 'jsonl', (c) => (c.position.bytes = -10), /position\.bytes/],
    ['bytes 10 short of the end: the last line would be cut', 'jsonl', (c) => (c.position.bytes -= 10), /last line/],
    ['bytes 10 short of the end, in CSV', 'csv', (c) => (c.position.bytes -= 10), /last line/],
    ['bytes at an earlier line end: fewer rows than written says', 'jsonl', (c, partial) => (c.position.bytes = partial.indexOf('\n') + 1), /rows/],
    ['an offset past the written count', 'jsonl', (c) => (c.position.offset += 300), /position\.offset/],
    ['offset: -5', 'csv', (c) => (c.position.offset = -5), /position\.offset/],
    ['written past the rows of the file', 'csv', (c) => ((c.position.written += 1), (c.position.offset += 1)), /rows/],
    ['snapshot: null', 'jsonl', (c) => (c.snapshot = null), /snapshot/],
    ['no arguments', 'jsonl', (c) => delete c.arguments, /arguments/],
    ['recentIds holding a number', 'jsonl', (c) => c.position.recentIds.push(5), /recentIds/],
  ])('%s', async (_, format, tamper, names) => {
    const { out, resumed, partialBefore, partialAfter } = await stoppedExport(format, tamper);
    expect(resumed.code, resumed.stderr).toBe(2);
    expect(resumed.stderr).toMatch(
      new RegExp(`^merchant-ordering: ${out.replace(/[.]/g, '\\.')}\\.(checkpoint\\.json|partial) .*: delete .* to start over\\n$`),
    );
    expect(resumed.stderr).toMatch(names);
    expect(partialAfter.equals(partialBefore)).toBe(true);
  });
});
