// An export file that survives being killed at any point, SIGKILL included. Payments go to
// `<out>.partial`; after each write has completed, `<out>.checkpoint.json` is replaced atomically
// (written beside, then renamed) with how many bytes of the partial file are good and where the walk
// stands. Writes go on in the background while the walk collects the next page, one at a time, in order. A resume
// cuts the partial file back to those bytes (dropping whatever was written after the last checkpoint)
// and goes on from there; at the end the partial file is synced and renamed to `<out>`. Every file is
// created readable by the user only (0600): it holds customers' personal data.
import { closeSync, constants, existsSync, fstatSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { type FileHandle, open, rename, rm, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, UsageError } from './errors.js';
import { notRegular } from './file-kind.js';
import type { Encoder } from './formats.js';

export const CHECKPOINT_VERSION = 2;

/** Where the walk stands after the bytes written so far. */
export interface Position {
  /** The List Payments offset to ask for next. */
  offset: number;
  /** Payments in the file. */
  written: number;
  /** Payments the walk met again and skipped: offset is always the start's offset + written + skipped. */
  skipped: number;
  /** Good bytes of the partial file: everything after them is dropped on resume. */
  bytes: number;
  /** The ids written last (RECENT_PAGES pages), oldest first: skipped if the walk meets them again. */
  recentIds: string[];
}

export interface Checkpoint {
  checkpoint: typeof CHECKPOINT_VERSION;
  /** The command's arguments as it understood them (defaults applied): a resume must match them. */
  arguments: Record<string, string | string[]>;
  /** The set of payments being exported, fixed when the export started. */
  snapshot: { toCreatedDate: string; totalResults: number };
  position: Position;
  /** The file is complete; only the rename may be left to do. */
  done: boolean;
}

export interface ExportPaths {
  out: string;
  partial: string;
  checkpoint: string;
}

export function exportPaths(out: string): ExportPaths {
  return { out, partial: `${out}.partial`, checkpoint: `${out}.checkpoint.json` };
}

const OWNER_ONLY = 0o600;

/** A checkpoint, or the partial file it describes, that cannot be trusted: exit 2, and what to delete. */
const damaged = (paths: ExportPaths, file: 'checkpoint' | 'partial', problem: string) =>
  new UsageError(`${paths[file]} ${problem}: delete it and ${file === 'partial' ? paths.checkpoint : paths.partial} to start over`);

/** The checkpoint left by an earlier run, if any, its fields checked. A file that is not one of ours is an error, never ignored. */
export function readCheckpoint(paths: ExportPaths): Checkpoint | undefined {
  let text: string;
  let fd: number | undefined;
  try {
    // Not through a link, and without blocking on a FIFO; only a regular file is read.
    fd = openSync(paths.checkpoint, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const kind = notRegular(fstatSync(fd));
    if (kind) throw damaged(paths, 'checkpoint', `is ${kind}, not a file`);
    text = readFileSync(fd, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw damaged(paths, 'checkpoint', 'is a symbolic link, not a file');
    throw new CliError(`cannot read ${paths.checkpoint}: ${code}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged(paths, 'checkpoint', 'is not JSON');
  }
  const version = (parsed as { checkpoint?: unknown } | null)?.checkpoint;
  if (version !== CHECKPOINT_VERSION)
    throw damaged(
      paths,
      'checkpoint',
      `is not a checkpoint this version can read (checkpoint ${JSON.stringify(version) ?? 'missing'}, not ${CHECKPOINT_VERSION})`,
    );
  const problem = checkpointProblem(parsed as Record<string, unknown>);
  if (problem) throw damaged(paths, 'checkpoint', `is damaged (${problem})`);
  return parsed as Checkpoint;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const shown = (value: unknown) => (JSON.stringify(value) ?? 'missing').slice(0, 40);

/** The first field of a parsed checkpoint that is not what this version writes, or undefined. */
function checkpointProblem({ arguments: args, snapshot, position, done }: Record<string, unknown>): string | undefined {
  if (
    !isRecord(args) ||
    !Object.values(args).every((value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')))
  ) {
    return `arguments is ${shown(args)}, not an object of strings`;
  }
  if (!isRecord(snapshot)) return `snapshot is ${shown(snapshot)}, not an object`;
  if (!isCount(snapshot.totalResults)) return `snapshot.totalResults is ${shown(snapshot.totalResults)}, not a whole number from 0`;
  if (typeof snapshot.toCreatedDate !== 'string') return `snapshot.toCreatedDate is ${shown(snapshot.toCreatedDate)}, not a date-time`;
  if (!isRecord(position)) return `position is ${shown(position)}, not an object`;
  for (const field of ['offset', 'written', 'skipped', 'bytes'] as const) {
    if (!isCount(position[field])) return `position.${field} is ${shown(position[field])}, not a whole number from 0`;
  }
  const { offset, written, skipped, recentIds } = position as unknown as Position;
  if (!Array.isArray(recentIds) || !recentIds.every((id) => typeof id === 'string') || recentIds.length > written) {
    return `position.recentIds is not a list of at most position.written ids`;
  }
  const start = Number(args['--offset'] ?? 0);
  if (offset !== start + written + skipped) return `position.offset is ${offset}, not --offset + written + skipped (${start + written + skipped})`;
  if (typeof done !== 'boolean') return `done is ${shown(done)}, not true or false`;
  return undefined;
}

/** The first argument that differs, as `--status: APPROVED then, DECLINED now`; undefined when they match. */
export function argumentDifference(then: Checkpoint['arguments'], now: Checkpoint['arguments']): string | undefined {
  const show = (value: string | string[] | undefined) => (value === undefined ? 'not given' : Array.isArray(value) ? value.join(' ') : value);
  for (const key of [...new Set([...Object.keys(then), ...Object.keys(now)])]) {
    if (show(then[key]) !== show(now[key])) return `${key}: ${show(then[key])} then, ${show(now[key])} now`;
  }
  return undefined;
}

/** What is wrong with the partial file's first `bytes` bytes for the checkpoint's position, or undefined. Reads them once, 64 KiB at a time. */
async function partialProblem(
  file: FileHandle,
  { bytes, written }: Position,
  { header, quotedLineBreaks }: Pick<Encoder, 'header' | 'quotedLineBreaks'>,
): Promise<string | undefined> {
  const stat = await file.stat();
  if (!stat.isFile()) return 'it is not a regular file';
  if (stat.size < bytes) return `it has ${stat.size} bytes, the checkpoint vouches for ${bytes}`;
  const headerBytes = Buffer.from(header, 'utf8');
  const chunk = Buffer.alloc(64 * 1024);
  let rows = 0;
  let quoted = false;
  let last = -1;
  for (let at = 0; at < bytes; ) {
    const { bytesRead } = await file.read(chunk, 0, Math.min(chunk.length, bytes - at), at);
    if (bytesRead === 0) return `it ends before byte ${bytes}`;
    if (at === 0 && !chunk.subarray(0, Math.min(bytesRead, headerBytes.length)).equals(headerBytes.subarray(0, Math.min(bytesRead, headerBytes.length))))
      return 'it does not start with the header';
    for (let index = 0; index < bytesRead; index++) {
      const byte = chunk[index]!;
      if (byte === 0x22 && quotedLineBreaks) quoted = !quoted;
      else if (byte === 0x0a && !quoted) rows++;
    }
    last = chunk[bytesRead - 1]!;
    at += bytesRead;
  }
  if (bytes > 0 && (last !== 0x0a || quoted)) return `byte ${bytes} is not the end of a line: the last line would be cut`;
  const expected = written + (header ? 1 : 0);
  if (rows !== expected) return `${rows} rows in its first ${bytes} bytes, the checkpoint says ${expected}`;
  return undefined;
}

/**
 * The export's file-writing seam: writes `buffers` at `position`, resolving to the bytes that went in
 * (a full disk may take fewer). Tests pass one that fails as a full disk does.
 */
export type WriteAt = (file: FileHandle, buffers: Buffer[], position: number) => Promise<number>;

const writeAtDefault: WriteAt = async (file, buffers, position) => (await file.writev(buffers, position)).bytesWritten;

/** A write to the export's files failed; `room` when more space would let a resume go on. */
export class WriteFailed extends CliError {
  override name = 'WriteFailed';
  constructor(
    message: string,
    readonly room: boolean,
  ) {
    super(message);
  }
}

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is larger than the file system allows',
};

function writeFailed(path: string, error: unknown): WriteFailed {
  if (error instanceof WriteFailed) return error;
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  return new WriteFailed(`cannot write ${path}: ${CAUSES[code] ?? code}`, code === 'ENOSPC' || code === 'EDQUOT');
}

/** Flags for a file of ours: created here and now, never through a link, readable by the user only. */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

export class ResumableFile {
  /** The writes and checkpoints queued so far, in order; the walk goes on while the last one runs. */
  private writing: Promise<void> = Promise.resolve();
  /** Bytes queued so far: where the next text goes. */
  private written: number;

  /** The last checkpoint on disk: what a resume would go on from. */
  saved: Position;

  private constructor(
    readonly paths: ExportPaths,
    private file: FileHandle | undefined,
    private checkpoint: Checkpoint,
    private readonly writeAt: WriteAt,
  ) {
    this.written = checkpoint.position.bytes;
    this.saved = checkpoint.position;
  }

  get position(): Position {
    return this.checkpoint.position;
  }

  /** A new export: the partial file (0600, replacing any left without a checkpoint) with `header`, and its first checkpoint. */
  static async create(
    paths: ExportPaths,
    header: string,
    start: Omit<Checkpoint, 'position' | 'done' | 'checkpoint'> & { offset: number },
    writeAt = writeAtDefault,
  ): Promise<ResumableFile> {
    let file: FileHandle;
    try {
      await rm(paths.partial, { force: true }); // so the mode below applies: it is only set on creation
      file = await open(paths.partial, CREATE, OWNER_ONLY);
    } catch (error) {
      throw new UsageError(`--out: cannot write ${paths.partial}: ${(error as NodeJS.ErrnoException).code}`);
    }
    const created = new ResumableFile(
      paths,
      file,
      {
        checkpoint: CHECKPOINT_VERSION,
        arguments: start.arguments,
        snapshot: start.snapshot,
        position: { offset: start.offset, written: 0, skipped: 0, bytes: 0, recentIds: [] },
        done: false,
      },
      writeAt,
    );
    await created.append(header, { offset: start.offset, written: 0, skipped: 0, recentIds: [] });
    await created.writing;
    return created;
  }

  /**
   * Goes on from a checkpoint: the partial file cut back to the bytes it vouches for, once they are
   * checked to be what the checkpoint says (the header, then `written` whole rows, ending a line).
   */
  static async reopen(
    paths: ExportPaths,
    checkpoint: Checkpoint,
    layout: Pick<Encoder, 'header' | 'quotedLineBreaks'>,
    writeAt = writeAtDefault,
  ): Promise<ResumableFile> {
    let file: FileHandle;
    try {
      file = await open(paths.partial, constants.O_RDWR | constants.O_NOFOLLOW);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      throw damaged(
        paths,
        'checkpoint',
        `describes ${paths.partial}, which ${code === 'ENOENT' ? 'is missing' : `cannot be opened (${code === 'ELOOP' ? 'a symbolic link' : code})`}`,
      );
    }
    try {
      const problem = await partialProblem(file, checkpoint.position, layout);
      if (problem) throw damaged(paths, 'partial', `does not match its checkpoint (${problem})`);
      await file.truncate(checkpoint.position.bytes);
    } catch (error) {
      await file.close();
      throw error;
    }
    return new ResumableFile(paths, file, checkpoint, writeAt);
  }

  /**
   * Queues `text` at the end of the bytes written so far and, given the walk's `position` after it, a
   * checkpoint recording it with the new byte count: a checkpoint is written only once its bytes are.
   * Resolves when the previous append is on disk, so one write runs while the next text is collected.
   */
  async append(text: string | readonly string[], position?: Omit<Position, 'bytes'>): Promise<void> {
    const at = this.written;
    // Each piece encoded once (the header, or a payment's line), then one gathered write.
    const buffers = (typeof text === 'string' ? [text] : text).map((piece) => Buffer.from(piece, 'utf8'));
    const length = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    this.written += length;
    const checkpoint = position ? (this.checkpoint = { ...this.checkpoint, position: { ...position, bytes: this.written } }) : undefined;
    const previous = this.writing;
    this.writing = previous.then(async () => {
      await this.writeFully(buffers, at, length);
      if (checkpoint) await this.save(checkpoint);
    });
    this.writing.catch(() => {}); // surfaced by the next append or by finish()
    await previous;
  }

  /** Resolves once every queued write and its checkpoint are on disk; rejects if one failed. */
  settled(): Promise<void> {
    return this.writing;
  }

  /** Waits for the queued writes, syncs the file, marks the checkpoint done, renames the file to `out`, removes the checkpoint. */
  async finish(): Promise<void> {
    await this.writing;
    await this.handle().sync();
    await this.close();
    this.checkpoint = { ...this.checkpoint, done: true };
    await this.save(this.checkpoint);
    ResumableFile.complete(this.paths);
  }

  /** The last steps of a finished export, also when a run was killed between them. */
  static complete(paths: ExportPaths): void {
    if (existsSync(paths.partial)) renameSync(paths.partial, paths.out);
    else if (!existsSync(paths.out))
      throw new CliError(
        `${paths.checkpoint} says the export is complete, but neither ${paths.partial} nor ${paths.out} exists; delete the checkpoint to start over`,
      );
    syncFolder(paths.out);
    rmSync(paths.checkpoint, { force: true });
  }

  /** Lets the queued writes finish (a failed one leaves the last good checkpoint), then closes: the files stay for a resume. */
  async close(): Promise<void> {
    await this.writing.catch(() => {});
    const file = this.file;
    this.file = undefined;
    await file?.close();
  }

  private handle(): FileHandle {
    if (!this.file) throw new Error('the export file is closed');
    return this.file;
  }

  /** Writes all of it, going on after a short write: the next attempt names the cause (a full disk says ENOSPC). */
  private async writeFully(buffers: Buffer[], at: number, length: number): Promise<void> {
    try {
      for (let done = 0; done < length; ) {
        const wrote = await this.writeAt(this.handle(), done ? [Buffer.concat(buffers).subarray(done)] : buffers, at + done);
        if (wrote <= 0) throw Object.assign(new Error('nothing written'), { code: 'ENOSPC' });
        done += wrote;
      }
    } catch (error) {
      throw writeFailed(this.paths.partial, error);
    }
  }

  /** Replaces the checkpoint atomically: written beside, exclusively and not through a link, then renamed. */
  private async save(checkpoint: Checkpoint): Promise<void> {
    const next = `${this.paths.checkpoint}.next`;
    try {
      await unlink(next).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // one left by a kill, or planted: removed, never followed
      });
      const file = await open(next, CREATE, OWNER_ONLY);
      try {
        const text = Buffer.from(`${JSON.stringify(checkpoint)}\n`, 'utf8');
        const { bytesWritten } = await file.write(text, 0, text.length, 0);
        if (bytesWritten !== text.length) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
      } finally {
        await file.close();
      }
      await rename(next, this.paths.checkpoint);
    } catch (error) {
      throw writeFailed(this.paths.checkpoint, error);
    }
    this.saved = checkpoint.position;
  }
}

/** Makes a rename in the file's folder durable; not every platform can open a folder, and then this does nothing. */
function syncFolder(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dirname(path), 'r');
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes what an earlier, finished or abandoned, export left, before a new one starts. */
export function removeLeftovers(paths: ExportPaths): void {
  for (const path of [paths.partial, paths.checkpoint, `${paths.checkpoint}.next`]) {
    try {
      unlinkSync(path);
    } catch {
      // not there
    }
  }
}
