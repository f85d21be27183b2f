// `merchant-ordering payments export`: every payment matching the filters, page after page through the
// client's iterator, as JSONL or CSV, to a file (resumable) or to stdout.
//
// Offset paging stays put only if nothing moves under it. One request before the walk takes the
// snapshot: how many payments match, and the newest one's creation time, which the walk is pinned to
// (`toCreatedDate`), so a payment created meanwhile is outside it whatever the order. The export is
// complete only when it wrote exactly as many distinct payments as the snapshot holds: a service that
// skips, repeats or moves payments under the walk ends it with exit 1 and a line saying by how many.
// Repeats are found in a window of the ids written last (RecentIds), kept in the checkpoint.
import { ApiError, type ListPaymentsQuery, MerchantApiError, type MerchantClient } from '@merchant-ordering/client';
import { existsSync, lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command, Context } from '../command.js';
import { apiLine, CliError, Interrupted, oneLine, UsageError } from '../errors.js';
import { notRegular } from '../file-kind.js';
import { MAX_DEPTH, nestedTooDeep } from '../json-depth.js';
import { FORMATS, type Format, encoder } from '../formats.js';
import { colourEnabled, count, isTerminal, terminalSafe, writeAll } from '../io.js';
import { FILTER_FLAGS, filterQuery, pageFlags } from '../list-flags.js';
import { createProgress, duration, noProgress } from '../progress.js';
import {
  argumentDifference,
  type Checkpoint,
  exportPaths,
  type ExportPaths,
  readCheckpoint,
  removeLeftovers,
  ResumableFile,
  WriteFailed,
} from '../resumable-file.js';

/** The largest page List Payments gives. */
export const EXPORT_PAGE_SIZE = 250;
/**
 * Retries per page. The client's default (2) suits one call; an export of thousands of pages would
 * then fail on a bad minute of 429s (at 10 %, one page in a thousand fails three times in a row).
 */
export const EXPORT_RETRIES = 5;
/** Text collected before it is written, a line per payment: a gathered write every 64 KiB or so. */
const WRITE_CHARS = 64 * 1024;
/** A kill loses at most this much of the walk: what came after the last checkpoint is fetched again. */
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Pages of ids remembered to skip a payment the list brings back. Under a walk pinned to its snapshot
 * nothing new joins, so an id comes back only when payments move under the walk (shown late, deleted,
 * or re-sorted, as a renamed reference is): a page then repeats at most as many ids as moved ahead of
 * it, from up to that many positions back. The client yields a page only after the one before it, with
 * two in flight, so a cache or a server replaying pages repeats ids from two or three pages back; four
 * pages covers that with one to spare (1,000 ids at the default page size, about 20 kB of checkpoint).
 * A repeat from further back is written again and shows as a surplus at the end: exit 1, never a
 * silent duplicate.
 */
export const RECENT_PAGES = 4;

/** The ids of the last `size` payments written, oldest first, in a ring with a set to look them up. */
class RecentIds {
  private readonly ring: string[] = [];
  private readonly set = new Set<string>();
  private next = 0;
  constructor(
    private readonly size: number,
    initial: readonly string[],
  ) {
    for (const id of initial.slice(-size)) this.add(id);
  }
  has(id: string): boolean {
    return this.set.has(id);
  }
  /** Only ids not already held: the ring then holds each once. */
  add(id: string): void {
    if (this.ring.length === this.size) this.set.delete(this.ring[this.next]!);
    this.ring[this.next] = id;
    this.next = (this.next + 1) % this.size;
    this.set.add(id);
  }
  list(): string[] {
    return this.ring.length < this.size ? [...this.ring] : [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
  }
}

export const paymentsExport: Command = {
  words: ['payments', 'export'],
  summary: 'every matching payment, to JSONL or CSV; resumable with --out',
  flags: {
    ...FILTER_FLAGS,
    'order-by': {
      ...FILTER_FLAGS['order-by']!,
      help: 'createdAt, id, totalAmount, merchantReference or email, newest or largest first (default: oldest first)',
    },
    ascending: { ...FILTER_FLAGS.ascending!, help: 'with --order-by: smallest or oldest first' },
    limit: { type: 'string', value: 'N', help: `the page size, 1 to 250 (default: ${EXPORT_PAGE_SIZE})` },
    offset: { type: 'string', value: 'N', help: 'start at this position (default: 0)' },
    max: { type: 'string', value: 'N', help: 'stop after N payments' },
    format: { type: 'string', value: 'jsonl|csv', help: 'JSON Lines, one payment per line as the service sends it (default), or CSV' },
    out: { type: 'string', value: 'FILE', help: 'write to FILE (created 0600) instead of stdout; needed for --resume' },
    resume: { type: 'boolean', help: 'go on with the export to FILE that was stopped (same arguments)' },
  },
  usage: '[--format jsonl|csv] [--out FILE [--resume]] [--max N] [--limit N] [filters of payments list]',
  description: [
    "Walks every page of GET /v2/payments with the client's iterator, oldest first unless --order-by says otherwise,",
    'pinned to the payments that existed when it started. It exits 0 only when it wrote exactly as many distinct',
    'payments as matched then; otherwise 1, saying how many are missing or extra. With --out, it writes FILE.partial',
    'and, once a second, a checkpoint (FILE.checkpoint.json), and renames FILE.partial to FILE once complete; stopped',
    'at any point, the same command with --resume goes on where it stopped, and each payment is in FILE once. A',
    'progress bar shows on stderr when it is a terminal. CSV columns: see the README (amounts as strings, formula',
    'cells defused).',
  ].join('\n'),
  examples: [
    'merchant-ordering payments export --format csv --out payments.csv --from 2024-01-01T00:00:00Z',
    'merchant-ordering payments export --format csv --out payments.csv --from 2024-01-01T00:00:00Z --resume',
    'merchant-ordering payments export --sandbox --faults 429:0.1,insert:0.1 --max 500 | wc -l',
  ],
  run: exportPayments,
};

interface Settings {
  format: Format;
  limit: number;
  startOffset: number;
  max: number | undefined;
  /** The filters and the order, as sent. */
  filters: ListPaymentsQuery;
  paths: ExportPaths | undefined;
}

function settingsOf({ values }: Context): Settings {
  const format = (values.format ?? 'jsonl') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be jsonl or csv, got ${JSON.stringify(values.format)}`);
  const maxText = values.max as string | undefined;
  if (maxText !== undefined && !/^[1-9]\d{0,14}$/.test(maxText)) throw new UsageError(`--max must be a whole number from 1, got ${JSON.stringify(maxText)}`);
  const out = values.out as string | undefined;
  if (out === '') throw new UsageError('--out needs a file name');
  if (values.resume && out === undefined) throw new UsageError('--resume needs --out FILE: an export to stdout cannot resume');
  const kind = out === undefined || !existsSync(out) ? undefined : notRegular(lstatSync(out));
  if (kind === 'a folder') throw new UsageError(`--out: ${out} is a folder; name a file`);
  // The finished file replaces FILE by a rename: a FIFO, a device (/dev/null, under sudo) or a link would be replaced by it.
  if (kind) throw new UsageError(`--out: ${out} exists and is ${kind}, not a regular file; name a regular file or a new one`);
  if (out !== undefined && !existsSync(dirname(out))) throw new UsageError(`--out: there is no folder ${dirname(out)}`);
  const page = pageFlags(values);
  const filters = filterQuery(values);
  // Oldest first unless an order is asked for; --ascending alone is oldest first too.
  if (filters.orderBy === undefined) Object.assign(filters, { orderBy: 'createdAt', ascending: true });
  return {
    format,
    limit: (page.limit ?? EXPORT_PAGE_SIZE) as number,
    startOffset: (page.offset ?? 0) as number,
    max: maxText === undefined ? undefined : Number(maxText),
    filters,
    paths: out === undefined ? undefined : exportPaths(out),
  };
}

/**
 * The arguments a resume must repeat, as understood (defaults applied, repeated values as a set), with
 * the merchant: resuming another merchant's export into this file would mix their payments.
 */
function argumentsOf({ values }: Context, settings: Settings, merchantId: string): Checkpoint['arguments'] {
  const given: Checkpoint['arguments'] = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || ['resume', 'out', 'help', 'limit', 'offset', 'max', 'format'].includes(name)) continue;
    given[`--${name}`] = Array.isArray(value) ? [...value].sort() : typeof value === 'boolean' ? 'yes' : value;
  }
  if (!values.sandbox && values['base-url'] === undefined) given['--environment'] = (values.environment as string | undefined) ?? 'sandbox';
  given['--format'] = settings.format;
  given['--limit'] = String(settings.limit);
  given['--offset'] = String(settings.startOffset);
  if (settings.max !== undefined) given['--max'] = String(settings.max);
  given['merchant ID'] = merchantId;
  return Object.fromEntries(Object.entries(given).sort(([a], [b]) => a.localeCompare(b)));
}

const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/** How many payments match (what a complete export holds), and the newest one's creation time (the pin). */
async function takeSnapshot(client: MerchantClient, { filters }: Settings, signal: AbortSignal): Promise<Checkpoint['snapshot']> {
  const newest = await client.listPayments({ ...filters, orderBy: 'createdAt', ascending: false, limit: 1, offset: 0 }, { signal });
  const created = newest.results[0]?.created;
  const toCreatedDate = created && DATE_TIME.test(created) ? created : ((filters.toCreatedDate as string | undefined) ?? new Date().toISOString());
  return { toCreatedDate, totalResults: newest.totalResults };
}

async function exportPayments(context: Context): Promise<number> {
  const { io, signal } = context;
  const settings = settingsOf(context);
  const { paths, limit, max, filters } = settings;
  let checkpoint = paths && readCheckpoint(paths);
  if (paths && checkpoint && !context.values.resume) {
    if (!checkpoint.done) {
      const { written } = checkpoint.position;
      throw new UsageError(
        `${paths.out} has an unfinished export (${count(written)} of ${count(checkpoint.snapshot.totalResults)} payments): add --resume to go on with it, or delete ${paths.checkpoint} to start over`,
      );
    }
    removeLeftovers(paths); // a finished export whose last step was cut short: this one starts afresh
    checkpoint = undefined;
  }

  const connection = await context.connect({ retries: EXPORT_RETRIES });
  const { client } = connection;
  let file: ResumableFile | undefined;
  try {
    // Checks every flag by the client's rules now, before a request or a file: the walk itself starts later.
    client.iteratePayments({ ...filters, limit, offset: settings.startOffset });
    const args = argumentsOf(context, settings, connection.merchantId);
    let snapshot: Checkpoint['snapshot'];
    if (paths && checkpoint) {
      const difference = argumentDifference(checkpoint.arguments, args);
      if (difference)
        throw new UsageError(
          `--resume: ${paths.checkpoint} was made with other arguments (${difference}); run the command it was made with, or delete it to start over`,
        );
      if (checkpoint.done) {
        ResumableFile.complete(paths);
        if (isTerminal(io.stderr)) io.stderr.write(`${paths.out} was already complete (${count(checkpoint.position.written)} payments)\n`);
        return 0;
      }
      file = await ResumableFile.reopen(paths, checkpoint, encoder(settings.format), io.writeAt);
      snapshot = checkpoint.snapshot;
    } else {
      snapshot = await takeSnapshot(client, settings, signal);
      const header = encoder(settings.format).header;
      if (paths) file = await ResumableFile.create(paths, header, { arguments: args, snapshot, offset: settings.startOffset }, io.writeAt);
      else await writeAll(io.stdout, header, signal);
    }
    return await walk(context, client, settings, snapshot, file);
  } finally {
    await file?.close();
    await connection.close();
  }
}

/** The walk ended with more or fewer distinct payments than its snapshot holds. */
class Incomplete extends CliError {
  override name = 'Incomplete';
}

/** `the export is incomplete: 250 of the 1,000 payments in its snapshot were written, 750 short (…)`. */
function mismatch(written: number, promised: number, paths: ExportPaths | undefined): string {
  const why = '(the service skipped or repeated payments during the walk)';
  const line =
    written < promised
      ? `the export is incomplete: ${count(written)} of the ${count(promised)} payments in its snapshot were written, ${count(promised - written)} short ${why}`
      : `the export does not match its snapshot: ${count(written)} payments were written where it holds ${count(promised)}, ${count(written - promised)} more ${why}`;
  return paths ? `${line}; ${paths.partial} and ${paths.checkpoint} are kept: delete them to start over` : line;
}

async function walk(
  context: Context,
  client: MerchantClient,
  settings: Settings,
  snapshot: Checkpoint['snapshot'],
  file: ResumableFile | undefined,
): Promise<number> {
  const { io, signal } = context;
  const { limit, max, paths } = settings;
  const encode = encoder(settings.format).encode;
  const toTerminal = !file && isTerminal(io.stdout);
  const started = file?.position ?? { offset: settings.startOffset, written: 0, skipped: 0, recentIds: [] };
  const inSet = Math.max(0, snapshot.totalResults - settings.startOffset);
  const total = max === undefined ? inSet : Math.min(max, inSet);
  // Not over a terminal that is also receiving the payments.
  const progress =
    isTerminal(io.stderr) && !toTerminal
      ? createProgress(io.stderr, { total, initial: started.written, colour: colourEnabled(io.stderr, io.env) })
      : noProgress;
  if (progress !== noProgress) context.note = (line) => progress.note(line);

  let offset = started.offset;
  let written = started.written;
  let skipped = started.skipped;
  const recent = new RecentIds(RECENT_PAGES * limit, started.recentIds);
  let lines: string[] = [];
  let chars = 0;
  let checkpointedAt = performance.now();
  /** Writes what was collected; on a file, a checkpoint goes with it at most once a second, and always when `now`. */
  const flush = async (now = false) => {
    if (file) {
      const due = now || performance.now() - checkpointedAt >= CHECKPOINT_EVERY_MS;
      if (due) checkpointedAt = performance.now();
      await file.append(lines, due ? { offset, written, skipped, recentIds: recent.list() } : undefined);
    } else {
      const text = lines.join('');
      await writeAll(io.stdout, toTerminal ? terminalSafe(text) : text, signal);
    }
    lines = [];
    chars = 0;
    progress.update(written);
  };

  const startedAt = performance.now();
  try {
    const done = () => max !== undefined && written >= max;
    // A set that was empty stays empty (and a --from after the pin would be refused as a range).
    if (!done() && snapshot.totalResults > 0) {
      const query = { ...settings.filters, toCreatedDate: snapshot.toCreatedDate, limit, offset };
      for await (const payment of client.iteratePayments(query, { signal })) {
        offset++;
        if (recent.has(payment.id)) {
          skipped++;
        } else {
          recent.add(payment.id);
          if (nestedTooDeep(payment)) throw new CliError(`payment ${payment.id} is nested more than ${MAX_DEPTH} levels deep; not written`);
          const line = encode(payment);
          lines.push(line);
          chars += line.length;
          written++;
        }
        if (done()) break;
        if (chars >= WRITE_CHARS) await flush();
      }
    }
    await flush(true);
    if (written !== total) {
      await file?.settled(); // the checkpoint at the end is on disk: a resume finds the same
      throw new Incomplete(mismatch(written, total, paths));
    }
    await file?.finish();
  } catch (error) {
    if (error instanceof Incomplete) {
      progress.finish();
      throw error;
    }
    // What arrived is kept: the checkpoint then vouches for it, and a resume starts after it.
    let failedWrite = error instanceof WriteFailed ? error : undefined;
    let kept = '';
    try {
      if (failedWrite) throw failedWrite; // the file is done for: what the last checkpoint saved stands
      await flush(true);
      await file?.settled(); // what the message below says is saved must be on disk
      kept = file ? `; ${count(written)} payments are saved: run the same command with --resume to go on` : `; ${count(written)} payments were written`;
    } catch (second) {
      if (second instanceof WriteFailed) failedWrite ??= second;
      const room = failedWrite?.room ? 'once there is room, ' : '';
      kept = file ? `; ${count(file.saved.written)} payments are saved: ${room}run the same command with --resume to go on` : '';
    }
    progress.finish();
    if (signal.aborted) throw new Interrupted(`interrupted${kept}`);
    if (failedWrite) throw new CliError(`${failedWrite.message}${kept}`);
    if (error instanceof CliError) throw new CliError(`${error.message}, at offset ${count(offset)}${kept}`);
    if (error instanceof ApiError) throw new CliError(`${apiLine(error)}, at offset ${count(offset)}${kept}`);
    if (error instanceof MerchantApiError) throw new CliError(`${oneLine(error.message)}, at offset ${count(offset)}${kept}`);
    const { code } = error as NodeJS.ErrnoException;
    if (typeof code === 'string') throw new CliError(`cannot write ${paths ? paths.partial : 'to stdout'} (${code})${kept}`);
    throw error;
  }
  progress.finish();
  if (isTerminal(io.stderr)) {
    const seconds = (performance.now() - startedAt) / 1000;
    io.stderr.write(`exported ${count(written)} payments${paths ? ` to ${paths.out}` : ''} in ${duration(seconds)}\n`);
  }
  return 0;
}
