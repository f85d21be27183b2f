// An export file that survives being killed at any point, SIGKILL included. Payments go to
// `<out>.partial`; after each write has completed, `<out>.checkpoint.json` is replaced atomically
// (written beside, then renamed) with how many bytes of the partial file are good and where the walk
// stands. Writes go on in the background while the walk collects the next page, one at a time, in order. A resume
// cuts the partial file back to those bytes (dropping whatever was written after the last checkpoint)
// and goes on from there; at the end the partial file is synced and renamed to `<out>`. Every file is
// created readable by the user only (0600): it holds customers' personal data.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { type FileHandle, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, UsageError } from './errors.js';

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

/** The checkpoint left by an earlier run, if any. A file that is not one of ours is an error, never ignored. */
export function readCheckpoint(paths: ExportPaths): Checkpoint | undefined {
  let text: string;
  try {
    text = readFileSync(paths.checkpoint, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(`cannot read ${paths.checkpoint}: ${(error as NodeJS.ErrnoException).code}`);
  }
  try {
    const checkpoint = JSON.parse(text) as Checkpoint;
    const { position } = checkpoint;
    if (checkpoint.checkpoint === CHECKPOINT_VERSION && Number.isSafeInteger(position.bytes) && Number.isSafeInteger(position.offset) && Array.isArray(position.recentIds)) return checkpoint;
  } catch {
    // reported below
  }
  throw new CliError(`${paths.checkpoint} is not a checkpoint this version can read: delete it and ${paths.partial} to start over`);
}

/** The first argument that differs, as `--status: APPROVED then, DECLINED now`; undefined when they match. */
export function argumentDifference(then: Checkpoint['arguments'], now: Checkpoint['arguments']): string | undefined {
  const show = (value: string | string[] | undefined) => (value === undefined ? 'not given' : Array.isArray(value) ? value.join(' ') : value);
  for (const key of [...new Set([...Object.keys(then), ...Object.keys(now)])]) {
    if (show(then[key]) !== show(now[key])) return `${key}: ${show(then[key])} then, ${show(now[key])} now`;
  }
  return undefined;
}

export class ResumableFile {
  /** The writes and checkpoints queued so far, in order; the walk goes on while the last one runs. */
  private writing: Promise<void> = Promise.resolve();
  /** Bytes queued so far: where the next text goes. */
  private written: number;

  private constructor(
    readonly paths: ExportPaths,
    private file: FileHandle | undefined,
    private checkpoint: Checkpoint,
  ) {
    this.written = checkpoint.position.bytes;
  }

  get position(): Position {
    return this.checkpoint.position;
  }

  /** A new export: the partial file (0600, replacing any left without a checkpoint) with `header`, and its first checkpoint. */
  static async create(paths: ExportPaths, header: string, start: Omit<Checkpoint, 'position' | 'done' | 'checkpoint'> & { offset: number }): Promise<ResumableFile> {
    let file: FileHandle;
    try {
      await rm(paths.partial, { force: true }); // so the mode below applies: it is only set on creation
      file = await open(paths.partial, 'wx', OWNER_ONLY);
    } catch (error) {
      throw new UsageError(`--out: cannot write ${paths.partial}: ${(error as NodeJS.ErrnoException).code}`);
    }
    const created = new ResumableFile(paths, file, {
      checkpoint: CHECKPOINT_VERSION,
      arguments: start.arguments,
      snapshot: start.snapshot,
      position: { offset: start.offset, written: 0, skipped: 0, bytes: 0, recentIds: [] },
      done: false,
    });
    await created.append(header, { offset: start.offset, written: 0, skipped: 0, recentIds: [] });
    await created.writing;
    return created;
  }

  /** Goes on from a checkpoint: the partial file cut back to the bytes it vouches for. */
  static async reopen(paths: ExportPaths, checkpoint: Checkpoint): Promise<ResumableFile> {
    let file: FileHandle;
    try {
      file = await open(paths.partial, 'r+');
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      throw new CliError(`cannot resume: ${paths.partial} ${code === 'ENOENT' ? 'is missing' : `cannot be opened (${code})`}; delete ${paths.checkpoint} to start over`);
    }
    if ((await file.stat()).size < checkpoint.position.bytes) {
      await file.close();
      throw new CliError(`cannot resume: ${paths.partial} is shorter than its checkpoint says; delete it and ${paths.checkpoint} to start over`);
    }
    await file.truncate(checkpoint.position.bytes);
    return new ResumableFile(paths, file, checkpoint);
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
      const { bytesWritten } = await this.handle().writev(buffers, at);
      if (bytesWritten !== length) throw new CliError(`cannot write ${this.paths.partial}: ${bytesWritten} of ${length} bytes written`);
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
    else if (!existsSync(paths.out)) throw new CliError(`${paths.checkpoint} says the export is complete, but neither ${paths.partial} nor ${paths.out} exists; delete the checkpoint to start over`);
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

  private async save(checkpoint: Checkpoint): Promise<void> {
    const next = `${this.paths.checkpoint}.next`;
    await writeFile(next, `${JSON.stringify(checkpoint)}\n`, { mode: OWNER_ONLY });
    await rename(next, this.paths.checkpoint);
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
