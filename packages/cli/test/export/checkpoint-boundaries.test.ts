// The resumable file's checks at their boundaries, each refusal's exact text: a checkpoint that is not
// a regular file, not JSON, or has one field wrong; a partial file that is not a file, does not start
// with the header, or counts its rows wrong (a quoted line break in CSV, a file read in more than one
// 64 KiB chunk); a write that fails (a full disk, a quota, a short write, a checkpoint that cannot be
// replaced); and the leftovers removed before a new export.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Checkpoint, exportPaths, readCheckpoint, removeLeftovers, ResumableFile, WriteFailed, type WriteAt } from '../../src/resumable-file.js';
import { scratchDir } from '../helpers/cli.js';

const LAYOUT = { header: 'HEADER\n', quotedLineBreaks: false };
const START = { arguments: { '--format': 'jsonl' }, snapshot: { toCreatedDate: '2024-09-26T23:03:23.667Z', totalResults: 3 }, offset: 0 };
const paths = () => exportPaths(join(scratchDir('boundaries-'), 'p.jsonl'));
const deleteIt = (p: ReturnType<typeof paths>) => `: delete it and ${p.partial} to start over`;

function checkpoint(overrides: Record<string, unknown> = {}, position: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    checkpoint: 2,
    arguments: { '--format': 'jsonl' },
    snapshot: { toCreatedDate: '2024-09-26T23:03:23.667Z', totalResults: 3 },
    position: { offset: 1, written: 1, skipped: 0, bytes: 18, recentIds: ['1'], ...position },
    done: false,
    ...overrides,
  };
}

/** The partial file and its checkpoint as a stopped run would leave them. */
function stopped(partial: string | Buffer, position: Record<string, unknown>, layout = LAYOUT) {
  const p = paths();
  writeFileSync(p.partial, partial);
  const saved = checkpoint({}, position) as unknown as Checkpoint;
  return { p, reopen: () => ResumableFile.reopen(p, saved, layout) };
}

describe('readCheckpoint refuses what it cannot trust, naming it', () => {
  it('a folder or a symbolic link where the checkpoint goes', () => {
    const p = paths();
    mkdirSync(p.checkpoint);
    expect(() => readCheckpoint(p)).toThrow(`${p.checkpoint} is a folder, not a file${deleteIt(p)}`);
    const q = paths();
    writeFileSync(`${q.out}.elsewhere`, JSON.stringify(checkpoint()));
    symlinkSync(`${q.out}.elsewhere`, q.checkpoint);
    expect(() => readCheckpoint(q)).toThrow(`${q.checkpoint} is a symbolic link, not a file${deleteIt(q)}`);
  });

  it('a checkpoint it cannot open for another reason: exit 1, with the code', () => {
    const file = join(scratchDir('boundaries-'), 'a-file');
    writeFileSync(file, '');
    const p = exportPaths(join(file, 'p.jsonl'));
    expect(() => readCheckpoint(p)).toThrow(`cannot read ${p.checkpoint}: ENOTDIR`);
  });

  it('text that is not JSON, and JSON without a version', () => {
    const p = paths();
    writeFileSync(p.checkpoint, '{"checkpoint": 2');
    expect(() => readCheckpoint(p)).toThrow(`${p.checkpoint} is not JSON${deleteIt(p)}`);
    writeFileSync(p.checkpoint, '{}');
    expect(() => readCheckpoint(p)).toThrow(`${p.checkpoint} is not a checkpoint this version can read (checkpoint missing, not 2)${deleteIt(p)}`);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    ['an argument that is a number', { arguments: { '--max': 5 } }, {}, 'arguments is {"--max":5}, not an object of strings'],
    [
      'a list argument holding a number',
      { arguments: { '--status': ['APPROVED', 5] } },
      {},
      'arguments is {"--status":["APPROVED",5]}, not an object of strings',
    ],
    ['a long value, shown cut to 40 characters', { arguments: 'x'.repeat(60) }, {}, `arguments is "${'x'.repeat(39)}, not an object of strings`],
    ['totalResults of -1', { snapshot: { toCreatedDate: 'x', totalResults: -1 } }, {}, 'snapshot.totalResults is -1, not a whole number from 0'],
    ['toCreatedDate a number', { snapshot: { toCreatedDate: 5, totalResults: 3 } }, {}, 'snapshot.toCreatedDate is 5, not a date-time'],
    ['position null', { position: null }, {}, 'position is null, not an object'],
    [
      'an offset that is not --offset + written + skipped',
      { arguments: { '--offset': '10' } },
      { offset: 99, written: 3, skipped: 2, recentIds: [] },
      'position.offset is 99, not --offset + written + skipped (15)',
    ],
    ['done a string', { done: 'yes' }, {}, 'done is "yes", not true or false'],
  ])('%s', (_, overrides, position, problem) => {
    const p = paths();
    writeFileSync(p.checkpoint, JSON.stringify(checkpoint(overrides, position)));
    expect(() => readCheckpoint(p)).toThrow(`${p.checkpoint} is damaged (${problem})${deleteIt(p)}`);
  });

  it('reads a checkpoint whose offset is --offset + written + skipped', () => {
    const p = paths();
    const saved = checkpoint({ arguments: { '--offset': '10', '--status': ['APPROVED', 'DECLINED'] } }, { offset: 15, written: 3, skipped: 2 });
    writeFileSync(p.checkpoint, JSON.stringify(saved));
    expect(readCheckpoint(p)).toEqual(saved);
  });
});

describe('reopen checks the partial file before it goes on', () => {
  const refused = (p: ReturnType<typeof paths>, problem: string) =>
    `${p.partial} does not match its checkpoint (${problem}): delete it and ${p.checkpoint} to start over`;

  it('a partial file that is a symbolic link, a folder or a FIFO', async () => {
    const link = paths();
    writeFileSync(`${link.out}.elsewhere`, 'HEADER\n');
    symlinkSync(`${link.out}.elsewhere`, link.partial);
    const saved = checkpoint({}, { offset: 0, written: 0, bytes: 7, recentIds: [] }) as unknown as Checkpoint;
    await expect(ResumableFile.reopen(link, saved, LAYOUT)).rejects.toThrow(
      `${link.checkpoint} describes ${link.partial}, which cannot be opened (a symbolic link): delete it and ${link.partial} to start over`,
    );
    const folder = paths();
    mkdirSync(folder.partial);
    await expect(ResumableFile.reopen(folder, saved, LAYOUT)).rejects.toThrow(
      `${folder.checkpoint} describes ${folder.partial}, which cannot be opened (EISDIR): delete it and ${folder.partial} to start over`,
    );
    const fifo = paths();
    execFileSync('mkfifo', [fifo.partial]);
    await expect(ResumableFile.reopen(fifo, saved, LAYOUT)).rejects.toThrow(refused(fifo, 'it is not a regular file'));
  });

  it('a partial file that does not start with the header', async () => {
    const { p, reopen } = stopped('HEADEX\n{"id":"1"}\n', {});
    await expect(reopen()).rejects.toThrow(refused(p, 'it does not start with the header'));
  });

  it('a checkpoint vouching for fewer bytes than the header: the line is cut, the header matches as far as it goes', async () => {
    const { p, reopen } = stopped('HEADER\n', { offset: 0, written: 0, bytes: 3, recentIds: [] });
    await expect(reopen()).rejects.toThrow(refused(p, 'byte 3 is not the end of a line: the last line would be cut'));
  });

  it('CSV: a line break inside a quoted field is not a row', async () => {
    const csv = { header: 'a,b\n', quotedLineBreaks: true };
    const good = stopped('a,b\n"x\ny",1\n', { bytes: 12 }, csv);
    const resumed = await good.reopen();
    await resumed.close();
    expect(readFileSync(good.p.partial, 'utf8')).toBe('a,b\n"x\ny",1\n');
    const bad = stopped('a,b\n"x\ny",1\nz,2\n', { bytes: 16 }, csv);
    await expect(bad.reopen()).rejects.toThrow(refused(bad.p, '3 rows in its first 16 bytes, the checkpoint says 2'));
  });

  it('counts rows across 64 KiB reads: nothing past the bytes read is counted', async () => {
    // 13,200 lines of 5 bytes after a header of 7: the second read is 471 bytes, and byte 471 of the
    // first read (still in the buffer) is a line end.
    const lines = 13_200;
    const text = `HEADER\n${'xxxx\n'.repeat(lines)}`;
    const { p, reopen } = stopped(text, { offset: lines, written: lines, bytes: text.length, recentIds: [] });
    const resumed = await reopen();
    await resumed.close();
    expect(readFileSync(p.partial, 'utf8')).toBe(text);
  });
});

describe('a failed write names its cause, and says whether more room would let a resume go on', () => {
  /** The header goes in; the next write goes through `fail`. */
  async function failing(fail: WriteAt) {
    const p = paths();
    let writes = 0;
    const writeAt: WriteAt = async (handle, buffers, position) =>
      writes++ === 0 ? (await handle.writev(buffers, position)).bytesWritten : fail(handle, buffers, position);
    const file = await ResumableFile.create(p, 'HEADER\n', START, writeAt);
    await file.append('{"id":"1"}\n', { offset: 1, written: 1, skipped: 0, recentIds: ['1'] });
    const error = await file.settled().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await file.close();
    return { p, error: error as WriteFailed };
  }

  it.each<[string, Record<string, unknown>, string, boolean]>([
    ['a full disk', { code: 'ENOSPC' }, 'no space left on the device', true],
    ['a used-up quota', { code: 'EDQUOT' }, 'the disk quota is used up', true],
    ['a file too large', { code: 'EFBIG' }, 'the file is larger than the file system allows', false],
    ['an error with no code', {}, 'unknown error', false],
  ])('%s', async (_, fields, cause, room) => {
    const { p, error } = await failing(async () => {
      throw Object.assign(new Error('failed'), fields);
    });
    expect(error).toBeInstanceOf(WriteFailed);
    expect(error.name).toBe('WriteFailed');
    expect(error.message).toBe(`cannot write ${p.partial}: ${cause}`);
    expect(error.room).toBe(room);
  });

  it('a write that takes nothing is a full disk', async () => {
    const { p, error } = await failing(async () => 0);
    expect([error.message, error.room]).toEqual([`cannot write ${p.partial}: no space left on the device`, true]);
  });

  it('a short write goes on with the rest, from where it stopped', async () => {
    const p = paths();
    const fiveAtATime: WriteAt = async (handle, buffers, position) => {
      const some = Buffer.concat(buffers).subarray(0, 5);
      return (await handle.write(some, 0, some.length, position)).bytesWritten;
    };
    const file = await ResumableFile.create(p, 'HEADER\n', START, fiveAtATime);
    await file.append(['{"id":"1"}\n', '{"id":"2"}\n'], { offset: 2, written: 2, skipped: 0, recentIds: ['1', '2'] });
    await file.finish();
    expect(readFileSync(p.out, 'utf8')).toBe('HEADER\n{"id":"1"}\n{"id":"2"}\n');
  });

  it('a checkpoint that cannot be replaced fails the write, naming the checkpoint', async () => {
    const p = paths();
    const file = await ResumableFile.create(p, 'HEADER\n', START);
    mkdirSync(`${p.checkpoint}.next`);
    await file.append('{"id":"1"}\n', { offset: 1, written: 1, skipped: 0, recentIds: ['1'] });
    await expect(file.settled()).rejects.toThrow(`cannot write ${p.checkpoint}: EISDIR`);
    await file.close();
    expect(file.saved.bytes).toBe(7);
  });

  it('a partial file that cannot be created is a usage error naming it', async () => {
    const p = exportPaths(join(scratchDir('boundaries-'), 'no-such-folder', 'p.jsonl'));
    await expect(ResumableFile.create(p, 'HEADER\n', START)).rejects.toThrow(`--out: cannot write ${p.partial}: ENOENT`);
  });

  it('finishing a closed file is an error, not a silent success', async () => {
    const p = paths();
    const file = await ResumableFile.create(p, 'HEADER\n', START);
    await file.close();
    await expect(file.finish()).rejects.toThrow('the export file is closed');
  });
});

describe('the end and the start of an export', () => {
  it('a checkpoint saying done with neither file left is an error naming both', () => {
    const p = paths();
    expect(() => ResumableFile.complete(p)).toThrow(
      `${p.checkpoint} says the export is complete, but neither ${p.partial} nor ${p.out} exists; delete the checkpoint to start over`,
    );
  });

  it.runIf(existsSync('/proc/self/fd'))('completing leaves no descriptor open (the folder is opened to sync the rename)', async () => {
    const p = paths();
    const file = await ResumableFile.create(p, 'HEADER\n', START);
    await file.close();
    const before = readdirSync('/proc/self/fd').length;
    ResumableFile.complete(p);
    expect(readdirSync('/proc/self/fd').length).toBe(before);
    expect(readFileSync(p.out, 'utf8')).toBe('HEADER\n');
  });

  it('removeLeftovers removes the partial file, the checkpoint and its .next, and minds none missing', () => {
    const p = paths();
    for (const path of [p.partial, p.checkpoint, `${p.checkpoint}.next`]) writeFileSync(path, 'x');
    writeFileSync(p.out, 'kept');
    removeLeftovers(p);
    expect([p.partial, p.checkpoint, `${p.checkpoint}.next`].map(existsSync)).toEqual([false, false, false]);
    expect(readFileSync(p.out, 'utf8')).toBe('kept');
    expect(() => removeLeftovers(p)).not.toThrow();
  });
});
