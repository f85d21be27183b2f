// The built bin, killed while it exports (SIGKILL at random points, several times a round), then run
// again with --resume until it finishes; every round's file is checked: each payment that existed when
// the round started is there once, nothing else but payments inserted meanwhile, at most once. And
// Ctrl+C: a clean stop, exit 130, a checkpoint --resume goes on from.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runBin, scratchDir, spawnCli } from '../helpers/cli.js';
import { readCsv } from '../helpers/csv.js';
import { duplicates, jsonLines, testSandbox } from '../helpers/sandbox.js';

const ROUNDS = 6;
const KILLS_PER_ROUND = 3;

/** mulberry32: the seed is printed with any failure, so a failing sequence of kills can be replayed (KILL_SEED). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function exportedIds(out: string, format: string): string[] {
  const text = readFileSync(out, 'utf8');
  if (format === 'jsonl') return jsonLines(text).map((payment) => payment.id);
  const [header, ...rows] = readCsv(text);
  expect(header![0]).toBe('id');
  return rows.map((row) => row[0]!);
}

const sizeSoFar = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const writtenSoFar = (checkpoint: string) => (existsSync(checkpoint) ? (JSON.parse(readFileSync(checkpoint, 'utf8')).position.written as number) : undefined);

describe('kill and resume', () => {
  it(`SIGKILL at random points, then --resume, ${ROUNDS} rounds: each round's file holds every payment once`, async () => {
    const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    // Slow enough to be killed in the middle: 60 pages, each request held 20 ms, payments arriving meanwhile.
    const sandbox = await testSandbox({ payments: 3000, faults: 'delay=20:1,insert:0.05', seed: 'kill-and-resume' });
    const env = cleanEnv(sandbox.env);
    const dir = scratchDir('kill-');
    // How long a whole run takes here, and how big each format's file gets, to spread the kills over
    // (the first run warms the sandbox up).
    let fullMs = 0;
    const fullSize: Record<string, number> = {};
    for (const format of ['jsonl', 'jsonl', 'csv']) {
      const started = performance.now();
      const out = join(dir, `uninterrupted.${format}`);
      const full = await runBin(['payments', 'export', '--base-url', sandbox.url, '--format', format, '--limit', '50', '--out', out], { env });
      expect(full.code, full.stderr).toBe(0);
      fullMs = Math.max(fullMs, performance.now() - started);
      fullSize[format] = statSync(out).size;
    }

    const log: string[] = [`seed ${seed}; an uninterrupted export took ${Math.round(fullMs)} ms`];
    let killedMidway = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Both formats, and both walks: oldest first (the default), and newest first, pinned to the start.
      const format = round % 2 ? 'csv' : 'jsonl';
      const order = round % 3 === 2 ? ['--order-by', 'createdAt'] : [];
      const out = join(dir, `round-${round}.${format}`);
      const args = ['payments', 'export', '--base-url', sandbox.url, '--format', format, ...order, '--limit', '50', '--out', out];
      const before = sandbox.payments().map((payment) => payment.id);
      const kills: string[] = [];
      for (let run = 0; ; run++) {
        const { child, done } = spawnCli(run ? [...args, '--resume'] : args, { env });
        // Half the kills at a random time of the whole run (start-up and the last rename included), half
        // as soon as the partial file passes a random size (a random point of the walk, between checkpoints).
        const byTime = next() < 0.5;
        const killAt = next();
        let stop: () => void = () => {};
        const started = performance.now();
        if (run < KILLS_PER_ROUND && byTime) {
          const timer = setTimeout(() => child.kill('SIGKILL'), killAt * fullMs);
          stop = () => clearTimeout(timer);
        } else if (run < KILLS_PER_ROUND) {
          const poll = setInterval(() => {
            if (sizeSoFar(`${out}.partial`) >= killAt * fullSize[format]!) child.kill('SIGKILL');
          }, 2);
          stop = () => clearInterval(poll);
        }
        const result = await done;
        stop();
        if (result.signal === 'SIGKILL') {
          const written = writtenSoFar(`${out}.checkpoint.json`);
          const size = sizeSoFar(`${out}.partial`);
          if (size > 0 && size < fullSize[format]!) killedMidway++;
          const when = byTime ? `at ${Math.round(performance.now() - started)} ms` : `past ${Math.round(killAt * 100)} % of the file`;
          kills.push(
            `${when} (${written === undefined ? 'no checkpoint yet' : `${Math.round((100 * size) / fullSize[format]!)} % written, checkpoint at ${written} payments`})`,
          );
          continue;
        }
        expect(result, `seed ${seed}, round ${round}`).toMatchObject({ code: 0, stderr: '' });
        break;
      }
      const exported = exportedIds(out, format);
      const inserted = sandbox
        .payments()
        .map((payment) => payment.id)
        .slice(before.length);
      const context = `seed ${seed}, round ${round}, killed ${kills.join(', ')}`;
      expect(duplicates(exported), context).toEqual([]);
      expect(
        before.filter((id) => !exported.includes(id)),
        context,
      ).toEqual([]);
      expect(
        exported.filter((id) => !before.includes(id) && !inserted.includes(id)),
        context,
      ).toEqual([]);
      expect(existsSync(`${out}.partial`) || existsSync(`${out}.checkpoint.json`), context).toBe(false);
      log.push(
        `round ${round} (${format}${order.length ? ', newest first' : ''}): ${exported.length} payments, each once; killed ${kills.join(', ') || 'never (it finished first)'}`,
      );
    }
    // Kept for the issue's closing note.
    mkdirSync(new URL('../../test-output', import.meta.url), { recursive: true });
    writeFileSync(new URL('../../test-output/kill-and-resume.txt', import.meta.url), `${log.join('\n')}\n`);
    // The kills are spread over the whole run, start-up included; enough of them must land mid-export.
    expect(killedMidway, log.join('\n')).toBeGreaterThanOrEqual(ROUNDS);
  }, 900_000); // a whole run takes about a second here alone, and many times that under a full pnpm test

  it('Ctrl+C stops cleanly with exit 130, saying what is saved; --resume goes on from the checkpoint', async () => {
    const sandbox = await testSandbox({ payments: 3000, faults: 'delay=50:1' }); // 120 pages, each held 50 ms
    const env = cleanEnv(sandbox.env);
    const out = join(scratchDir('interrupt-'), 'payments.csv');
    const args = ['payments', 'export', '--base-url', sandbox.url, '--format', 'csv', '--limit', '25', '--out', out];
    const { child, done } = spawnCli(args, { env });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if ((writtenSoFar(`${out}.checkpoint.json`) ?? 0) > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    child.kill('SIGINT');
    const stopped = await done;
    const saved = writtenSoFar(`${out}.checkpoint.json`)!;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe(
      `merchant-ordering: interrupted; ${saved.toLocaleString('en-US')} payments are saved: run the same command with --resume to go on\n`,
    );
    expect(saved).toBeLessThan(3000);

    const resumed = await runBin([...args, '--resume'], { env });
    expect(resumed).toMatchObject({ code: 0, stderr: '' });
    const ids = exportedIds(out, 'csv');
    expect(duplicates(ids)).toEqual([]);
    expect(ids.sort()).toEqual(
      sandbox
        .payments()
        .map((payment) => payment.id)
        .sort(),
    );
  }, 120_000);
});
