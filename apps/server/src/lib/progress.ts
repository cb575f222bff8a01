import type { ProgressListener } from '../db/progress-listener.js';

/** Where progress lines go: standard error (standard output holds a command's result), or a test's fake. */
export interface ProgressOutput {
  write(text: string): unknown;
  /** A terminal: the current line is redrawn in place. Otherwise (a log file, a pipe) each shown state is a line. */
  isTTY?: boolean;
  /** The terminal's width: a longer line would wrap, and only its last row could be redrawn. */
  columns?: number;
}

export interface ProgressOptions {
  output?: ProgressOutput;
  now?: () => number;
  /** The shortest time between two shown updates of a part of the work (a new part always shows at once). */
  intervalMs?: number;
}

/** A redraw four times a second reads as moving without flickering. */
const TERMINAL_INTERVAL_MS = 250;
/** In a log, a line every two seconds at most: a ten-minute run stays a few hundred lines. */
const LOG_INTERVAL_MS = 2_000;
const CLEAR_LINE = '\r\x1b[2K';

const count = (n: number) => n.toLocaleString('en-US');

/** "4.2 s", "3 min 07 s". */
export function formatDuration(ms: number): string {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * The progress of one long command (generate, backup, restore, migrate, a start that creates or migrates its
 * database), for the person who started it: "<command>: <part> 120 / 1,000 (12%) · <what now>", then
 * "<command>: done in 12.3 s". The work reports through ProgressListener; `run` frames it and adds the summary.
 * A command that had nothing long to do shows nothing at all.
 */
export class Progress implements ProgressListener {
  private readonly output: ProgressOutput;
  private readonly now: () => number;
  private readonly intervalMs: number;
  private readonly started: number;
  private label: string | null = null;
  private total: number | undefined;
  private done = 0;
  private detail = '';
  private lastShownAt = -Infinity;
  private shownAnything = false;
  /** In a terminal: the text of the line drawn last, still without its newline (null once ended). */
  private openLine: string | null = null;

  constructor(
    readonly command: string,
    options: ProgressOptions = {},
  ) {
    this.output = options.output ?? process.stderr;
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs ?? (this.output.isTTY ? TERMINAL_INTERVAL_MS : LOG_INTERVAL_MS);
    this.started = this.now();
  }

  phase(label: string, total?: number): void {
    this.endLine();
    this.label = label;
    this.total = total;
    this.done = 0;
    this.detail = '';
    this.show();
  }

  update(done: number, detail = ''): void {
    this.done = done;
    this.detail = detail;
    if (this.label !== null && this.now() - this.lastShownAt >= this.intervalMs) this.show();
  }

  /**
   * Runs the work and ends with "<command>: <summary> in <duration>" when anything was shown. A failure only ends
   * the line in progress, so the error that follows starts on a line of its own.
   */
  async run<T>(work: () => Promise<T>, summary = 'done'): Promise<T> {
    let result: T;
    try {
      result = await work();
    } finally {
      this.endLine();
    }
    if (this.shownAnything)
      this.output.write(`${this.command}: ${summary} in ${formatDuration(this.now() - this.started)}\n`);
    return result;
  }

  private describe(): string {
    const { total, done, detail } = this;
    const counts =
      total !== undefined
        ? ` ${count(done)} / ${count(total)} (${total > 0 ? Math.floor((100 * Math.min(done, total)) / total) : 100}%)`
        : done > 0
          ? ` ${count(done)}`
          : '';
    const rest = detail ? ` · ${detail}` : counts ? '' : '…';
    return `${this.command}: ${this.label}${counts}${rest}`;
  }

  private show(): void {
    const text = this.describe();
    this.lastShownAt = this.now();
    this.shownAnything = true;
    if (this.output.isTTY) {
      this.output.write(CLEAR_LINE + this.fit(text));
      this.openLine = text;
    } else {
      this.output.write(`${text}\n`);
    }
  }

  /** In a terminal, the line in progress gets its latest state and its newline before anything else is written. */
  private endLine(): void {
    if (this.openLine === null) return;
    const text = this.describe();
    this.output.write(text === this.openLine ? '\n' : `${CLEAR_LINE}${this.fit(text)}\n`);
    this.openLine = null;
  }

  private fit(text: string): string {
    const width = this.output.columns;
    return width && text.length >= width ? `${text.slice(0, Math.max(0, width - 2))}…` : text;
  }
}
