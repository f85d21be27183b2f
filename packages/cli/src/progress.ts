// The export's progress bar, on stderr and only on a terminal: percentage, bar, count of total, rate and
// time left, redrawn in place at most ten times a second. Notes (a retry) print above it.
import { count, type OutputStream, printable, style } from './io.js';

export interface Progress {
  /** `done` payments so far (those of earlier runs included, when resuming). */
  update(done: number): void;
  /** A line above the bar. */
  note(line: string): void;
  /** Clears the bar; what follows starts on a clean line. */
  finish(): void;
}

const REDRAW_MS = 100;
/** The rate is taken over about this much of the recent past, so it follows a change of pace. */
const RATE_WINDOW_MS = 5_000;

/** A progress bar that draws nothing: stderr is not a terminal. */
export const noProgress: Progress = { update() {}, note() {}, finish() {} };

export interface LineParts {
  done: number;
  total: number;
  /** Payments per second; undefined until there is enough to tell. */
  rate: number | undefined;
  columns: number;
  colour: boolean;
}

/** `  52% ▕██████▌     ▏ 52,000/100,000 payments  21,345/s  0:02 left`, fitted to `columns`. */
export function progressLine({ done, rate, columns, colour, ...parts }: LineParts): string {
  const total = Math.max(parts.total, done); // payments that arrived during the export join it
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  const left = rate ? `${duration((total - done) / rate)} left` : 'time left …';
  const text = `${count(done)}/${count(total)} payments  ${rate ? `${count(Math.round(rate))}/s` : '…/s'}  ${left}`;
  const room = columns - 1 - percent.length - text.length - 4;
  if (room < 10) return `${percent} ${text}`.slice(0, columns - 1);
  const width = Math.min(40, room);
  const eighths = Math.round(share * width * 8);
  const bar = ('█'.repeat(Math.floor(eighths / 8)) + (eighths % 8 ? '▏▎▍▌▋▊▉'[(eighths % 8) - 1] : '')).padEnd(width);
  return `${percent} ▕${style(colour).green(bar)}▏ ${text}`;
}

/** 75 s as 1:15, 3725 s as 1:02:05. */
export function duration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

export function createProgress(
  stream: OutputStream,
  { total, initial, colour, now = Date.now }: { total: number; initial: number; colour: boolean; now?: () => number },
): Progress {
  let done = initial;
  const samples: { at: number; done: number }[] = [{ at: now(), done: initial }];
  const draw = () => {
    const at = now();
    samples.push({ at, done });
    while (samples.length > 2 && at - samples[1]!.at >= RATE_WINDOW_MS) samples.shift();
    const first = samples[0]!;
    const rate = at - first.at >= 500 && done > first.done ? ((done - first.done) * 1000) / (at - first.at) : undefined;
    stream.write(`\r${progressLine({ done, total, rate, columns: stream.columns ?? 80, colour })}\x1b[K`);
  };
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref?.();
  draw();
  return {
    update(value) {
      done = value;
    },
    note(line) {
      stream.write(`\r\x1b[K${printable(line)}\n`);
      draw();
    },
    finish() {
      clearInterval(timer);
      stream.write('\r\x1b[K');
    },
  };
}
