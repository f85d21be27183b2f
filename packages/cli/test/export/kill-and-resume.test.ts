// The built bin, killed while it exports (SIGKILL at random points, several times a round), then run
// again with --resume until it finishes; every round's file is checked: each payment that existed when
// the round started is there once, nothing else but payments inserted meanwhile, at most once. And
// Ctrl+C: a clean stop, exit 130, a checkpoint --resume goes on from.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

const writtenSoFar = (checkpoint: string) => (existsSync(checkpoint) ? (JSON.parse(readFileSync(checkpoint, 'utf8')).position.written as number) : undefined);

describe('kill and resume', () => {
  it(`SIGKILL at random points, then --resume, ${ROUNDS} rounds: each round's file holds every payment once`, async () => {
    const seed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
    const next = random(seed);
    // Slow enough to be killed in the middle: 100 pages, each request held 10 ms, payments arriving meanwhile.
    const sandbox = await testSandbox({ payments: 5000, faults: 'delay=10:1,insert:0.05', seed: 'kill-and-resume' });
    const env = cleanEnv(sandbox.env);
    const dir = scratchDir('kill-');
    // How long a whole run takes here (the second one: the first warms the sandbox up), to spread the kills over.
    let fullMs = 0;
    for (const name of ['warm-up', 'uninterrupted']) {
      const started = performance.now();
      const full = await runBin(['payments', 'export', '--base-url', sandbox.url, '--limit', '50', '--out', join(dir, `${name}.jsonl`)], { env });
      expect(full.code, full.stderr).toBe(0);
      fullMs = performance.now() - started;
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
        // as soon as the checkpoint passes a random count (so, at a random point of the walk).
        const byTime = next() < 0.5;
        const killAt = next();
        let stop: () => void = () => {};
        const started = performance.now();
        if (run < KILLS_PER_ROUND && byTime) {
          const timer = setTimeout(() => child.kill('SIGKILL'), killAt * fullMs);
          stop = () => clearTimeout(timer);
        } else if (run < KILLS_PER_ROUND) {
          const poll = setInterval(() => {
            if ((writtenSoFar(`${out}.checkpoint.json`) ?? 0) >= killAt * before.length) child.kill('SIGKILL');
          }, 5);
          stop = () => clearInterval(poll);
        }
        const result = await done;
        stop();
        if (result.signal === 'SIGKILL') {
          const written = writtenSoFar(`${out}.checkpoint.json`);
          if (written !== undefined && written > 0 && written < before.length) killedMidway++;
          const when = byTime ? `at ${Math.round(performance.now() - started)} ms` : `past ${Math.round(killAt * before.length)} payments`;
          kills.push(`${when} (${written === undefined ? 'no checkpoint yet' : `checkpoint at ${written}`})`);
          continue;
        }
        expect(result, `seed ${seed}, round ${round}`).toMatchObject({ code: 0, stderr: '' });
        break;
      }
      const exported = exportedIds(out, format);
      const inserted = sandbox.payments().map((payment) => payment.id).slice(before.length);
      const context = `seed ${seed}, round ${round}, killed ${kills.join(', ')}`;
      expect(duplicates(exported), context).toEqual([]);
      expect(before.filter((id) => !exported.includes(id)), context).toEqual([]);
      expect(exported.filter((id) => !before.includes(id) && !inserted.includes(id)), context).toEqual([]);
      expect(existsSync(`${out}.partial`) || existsSync(`${out}.checkpoint.json`), context).toBe(false);
      log.push(`round ${round} (${format}${order.length ? ', newest first' : ''}): ${exported.length} payments, each once; killed ${kills.join(', ') || 'never (it finished first)'}`);
    }
    // Kept for the issue's closing note.
    mkdirSync(new URL('../../test-output', import.meta.url), { recursive: true });
    writeFileSync(new URL('../../test-output/kill-and-resume.txt', import.meta.url), `${log.join('\n')}\n`);
    // The kills are spread over the whole run, start-up included; enough of them must land mid-export.
    expect(killedMidway, log.join('\n')).toBeGreaterThanOrEqual(ROUNDS);
  }, 300_000);

  it('Ctrl+C stops cleanly with exit 130, saying what is saved; --resume goes on from the checkpoint', async () => {
    const sandbox = await testSandbox({ payments: 3000, faults: 'delay=20:1' });
    const env = cleanEnv(sandbox.env);
    const out = join(scratchDir('interrupt-'), 'payments.csv');
    const args = ['payments', 'export', '--base-url', sandbox.url, '--format', 'csv', '--limit', '50', '--out', out];
    const { child, done } = spawnCli(args, { env });
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if ((writtenSoFar(`${out}.checkpoint.json`) ?? 0) >= 500) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    child.kill('SIGINT');
    const stopped = await done;
    const saved = writtenSoFar(`${out}.checkpoint.json`)!;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe(`merchant-ordering: interrupted; ${saved.toLocaleString('en-US')} payments are saved: run the same command with --resume to go on\n`);
    expect(saved).toBeLessThan(3000);

    const resumed = await runBin([...args, '--resume'], { env });
    expect(resumed).toMatchObject({ code: 0, stderr: '' });
    const ids = exportedIds(out, 'csv');
    expect(duplicates(ids)).toEqual([]);
    expect(ids.sort()).toEqual(sandbox.payments().map((payment) => payment.id).sort());
  }, 120_000);
});
