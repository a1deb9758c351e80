// Progress of the seed's long steps. On a terminal: a live bar (cli-progress) with the count, the
// rate and the time left, or for a step without a count (one SQL statement) its running time. Not
// on a terminal (a log, the bench's output): a line every few seconds, and one when such a step ends.
import { SingleBar } from 'cli-progress';

export interface Step {
  /** `n` more units done. */
  tick(n: number): void;
  /** What the step is doing now (e.g. which index it builds), shown after its count. */
  note(text: string): void;
  /** The step is over: prints its total and time. */
  done(): void;
}

export interface Progress {
  /** A step of `total` `unit`s, or without a count when total is omitted. */
  step(name: string, total?: number, unit?: string): Step;
}

const quiet: Step = { tick: () => undefined, note: () => undefined, done: () => undefined };
export const noProgress: Progress = { step: () => quiet };

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const rateOf = (value: number, seconds: number): number => value / Math.max(seconds, 1e-3);
/** A rate: whole numbers, or one decimal below 10 (indexes are built at 0.3/s). */
const perSecond = (rate: number): string => (rate < 10 ? rate.toFixed(1) : count(rate));

/** The line a step ends with: "seed: copy contractors: done 1,000,000 contractors (10,417/s) in 1 min 36 s". */
function summary(prefix: string, name: string, seconds: number, value: number, total?: number, unit = ''): string {
  const what = total === undefined ? '' : ` ${count(value)} ${unit} (${perSecond(rateOf(value, seconds))}/s)`;
  return `${prefix}${name}: done${what} in ${duration(seconds)}`;
}

/** A plain line every `everyMs` (and at the end), e.g. "seed: copy contractors 120,000/1,000,000 (12%), 9,800/s, 1 min 30 s left". */
function lineStep(write: (line: string) => void, prefix: string, name: string, everyMs: number, total?: number, unit = ''): Step {
  const started = performance.now();
  let value = 0,
    now = '';
  const seconds = () => (performance.now() - started) / 1000;
  const status = (): string => {
    const s = seconds();
    if (total === undefined) return `${prefix}${name}: running for ${duration(s)}${now}`;
    const rate = rateOf(value, s);
    const left = rate > 0 ? duration((total - value) / rate) : '?';
    const share = total > 0 ? ` (${Math.floor((100 * value) / total)}%)` : '';
    return `${prefix}${name} ${count(value)}/${count(total)} ${unit}${share}, ${perSecond(rate)}/s, ${left} left${now}`;
  };
  let printed = false;
  const timer = setInterval(() => {
    printed = true;
    write(status());
  }, everyMs);
  timer.unref();
  return {
    tick: (n) => void (value += n),
    note: (text) => void (now = `; ${text}`),
    // A step that ended before its first line ends silently (a 2,000-row seed prints nothing).
    done: () => {
      clearInterval(timer);
      if (printed) write(summary(prefix, name, seconds(), value, total, unit));
    },
  };
}

function barStep(stream: NodeJS.WriteStream, prefix: string, name: string, total?: number, unit = ''): Step {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const format =
    total === undefined
      ? `${prefix}${name}: running for {duration_formatted}{now}`
      : `${prefix}${name} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate}/s | {eta_formatted} left{now}`;
  const bar = new SingleBar({
    stream,
    format,
    hideCursor: true,
    etaBuffer: 50,
    formatValue: (v, _o, type) => (type === 'value' || type === 'total' ? count(v) : String(v)),
  });
  let value = 0;
  bar.start(total ?? 1, 0, { rate: '0', now: '' });
  return {
    tick: (n) => {
      value += n;
      bar.update(value, { rate: perSecond(rateOf(value, seconds())) });
    },
    note: (text) => bar.update(value, { now: ` | ${text}` }),
    done: () => {
      bar.stop();
      stream.write(`${summary(prefix, name, seconds(), value, total, unit)}\n`);
    },
  };
}

/** Progress on `stream`: a bar on a terminal, otherwise a line every `everyMs`. */
export function progress(stream: NodeJS.WriteStream = process.stderr, prefix = 'seed: ', everyMs = 5000): Progress {
  return {
    step: (name, total, unit) =>
      stream.isTTY
        ? barStep(stream, prefix, name, total, unit)
        : lineStep((l) => stream.write(`${l}\n`), prefix, name, everyMs, total, unit),
  };
}
