// The resumable file at each point a kill can leave it: bytes written after the last checkpoint are
// dropped on resume; a run killed between "done" and the rename, or between the rename and removing
// the checkpoint, completes; a partial file that lost bytes is refused rather than trusted.
import { appendFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentDifference, type Checkpoint, exportPaths, readCheckpoint, ResumableFile } from '../../src/resumable-file.js';
import { scratchDir } from '../helpers/cli.js';

const LAYOUT = { header: 'HEADER\n', quotedLineBreaks: false };
const START = { arguments: { '--format': 'jsonl' }, snapshot: { toCreatedDate: '2024-09-26T23:03:23.667Z', totalResults: 3 }, offset: 0 };

async function newFile() {
  const paths = exportPaths(join(scratchDir('resumable-'), 'p.jsonl'));
  return { paths, file: await ResumableFile.create(paths, 'HEADER\n', START) };
}

describe('ResumableFile', () => {
  it('creates the partial file and the checkpoint 0600, the checkpoint vouching for the header', async () => {
    const { paths, file } = await newFile();
    await file.close();
    expect(statSync(paths.partial).mode & 0o777).toBe(0o600);
    expect(statSync(paths.checkpoint).mode & 0o777).toBe(0o600);
    expect(readCheckpoint(paths)).toMatchObject({ checkpoint: 2, done: false, position: { offset: 0, written: 0, bytes: 7, skipped: 0, recentIds: [] } });
  });

  it('drops what was written after the last checkpoint when it resumes', async () => {
    const { paths, file } = await newFile();
    await file.append('{"id":"1"}\n', { offset: 1, written: 1, skipped: 0, recentIds: ['1'] });
    await file.close();
    appendFileSync(paths.partial, '{"id":"2"}\n{"id":'); // written, then killed before the checkpoint
    const resumed = await ResumableFile.reopen(paths, readCheckpoint(paths)!, LAYOUT);
    expect(readFileSync(paths.partial, 'utf8')).toBe('HEADER\n{"id":"1"}\n');
    await resumed.append('{"id":"2"}\n', { offset: 2, written: 2, skipped: 0, recentIds: ['1', '2'] });
    await resumed.finish();
    expect(readFileSync(paths.out, 'utf8')).toBe('HEADER\n{"id":"1"}\n{"id":"2"}\n');
    expect(readdirSync(join(paths.out, '..'))).toEqual(['p.jsonl']);
  });

  it('writes text without a checkpoint when given no position: a resume drops it and fetches it again', async () => {
    const { paths, file } = await newFile();
    await file.append('{"id":"1"}\n', { offset: 1, written: 1, skipped: 0, recentIds: ['1'] });
    await file.append('{"id":"2"}\n');
    await file.close();
    expect(readFileSync(paths.partial, 'utf8')).toBe('HEADER\n{"id":"1"}\n{"id":"2"}\n');
    expect(readCheckpoint(paths)!.position).toEqual({ offset: 1, written: 1, bytes: 18, skipped: 0, recentIds: ['1'] });
    await (await ResumableFile.reopen(paths, readCheckpoint(paths)!, LAYOUT)).close();
    expect(readFileSync(paths.partial, 'utf8')).toBe('HEADER\n{"id":"1"}\n');
  });

  it('refuses a partial file shorter than its checkpoint, or missing', async () => {
    const { paths, file } = await newFile();
    await file.append('{"id":"1"}\n', { offset: 1, written: 1, skipped: 0, recentIds: ['1'] });
    await file.close();
    truncateSync(paths.partial, 10);
    await expect(ResumableFile.reopen(paths, readCheckpoint(paths)!, LAYOUT)).rejects.toThrow(
      `${paths.partial} does not match its checkpoint (it has 10 bytes, the checkpoint vouches for 18): delete it and ${paths.checkpoint} to start over`,
    );
    rmSync(paths.partial);
    await expect(ResumableFile.reopen(paths, readCheckpoint(paths)!, LAYOUT)).rejects.toThrow(
      `${paths.checkpoint} describes ${paths.partial}, which is missing: delete it and ${paths.partial} to start over`,
    );
  });

  it('completes a run killed after marking the checkpoint done but before the rename', async () => {
    const { paths, file } = await newFile();
    await file.close();
    const checkpoint = readCheckpoint(paths)!;
    writeFileSync(paths.checkpoint, JSON.stringify({ ...checkpoint, done: true }));
    ResumableFile.complete(paths);
    expect(readFileSync(paths.out, 'utf8')).toBe('HEADER\n');
    expect(existsSync(paths.checkpoint)).toBe(false);
  });

  it('completes a run killed after the rename but before the checkpoint was removed', async () => {
    const { paths, file } = await newFile();
    await file.close();
    writeFileSync(paths.checkpoint, JSON.stringify({ ...readCheckpoint(paths)!, done: true }));
    renameSync(paths.partial, paths.out);
    ResumableFile.complete(paths);
    expect(readdirSync(join(paths.out, '..'))).toEqual(['p.jsonl']);
  });

  it('refuses a checkpoint it cannot read, rather than ignoring it', async () => {
    const { paths, file } = await newFile();
    await file.close();
    writeFileSync(paths.checkpoint, '{"checkpoint": 1}');
    expect(() => readCheckpoint(paths)).toThrow(
      `${paths.checkpoint} is not a checkpoint this version can read (checkpoint 1, not 2): delete it and ${paths.partial} to start over`,
    );
    writeFileSync(paths.checkpoint, '{"checkpoint": 2}');
    expect(() => readCheckpoint(paths)).toThrow(
      `${paths.checkpoint} is damaged (arguments is missing, not an object of strings): delete it and ${paths.partial} to start over`,
    );
  });

  it('names the first argument that differs', async () => {
    const then: Checkpoint['arguments'] = { '--format': 'csv', '--status': ['APPROVED'] };
    expect(argumentDifference(then, { '--format': 'csv', '--status': ['APPROVED'] })).toBeUndefined();
    expect(argumentDifference(then, { '--format': 'csv' })).toBe('--status: APPROVED then, not given now');
    expect(argumentDifference(then, { '--format': 'jsonl', '--status': ['APPROVED'] })).toBe('--format: csv then, jsonl now');
    expect(argumentDifference(then, { ...then, '--max': '10' })).toBe('--max: not given then, 10 now');
  });
});
