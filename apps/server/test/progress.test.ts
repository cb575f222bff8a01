import { describe, expect, it } from 'vitest';
import { formatDuration, Progress, type ProgressOutput } from '../src/lib/progress.js';

/** A stream that keeps what is written, and a clock moved by hand. */
function fakeTerminal(options: { isTTY?: boolean; columns?: number } = {}) {
  let text = '';
  let now = 1_000_000;
  const output: ProgressOutput = { write: (chunk: string) => (text += chunk), ...options };
  return {
    output,
    now: () => now,
    advance: (ms: number) => void (now += ms),
    text: () => text,
    lines: () => text.split('\n').filter((line) => line !== ''),
  };
}

describe('the progress of a long command', () => {
  it('writes plain lines off a terminal: a new part at once, its counts at most once an interval', async () => {
    const io = fakeTerminal();
    const progress = new Progress('generate', { output: io.output, now: io.now, intervalMs: 1_000 });
    await progress.run(async () => {
      progress.phase('students', 1_000_000);
      io.advance(300);
      progress.update(50_000, 'parents');
      io.advance(800);
      progress.update(120_000, 'students');
      io.advance(100);
      progress.update(130_000, 'students');
      progress.phase('vacuum analyze');
      io.advance(61_500);
    });
    expect(io.lines()).toEqual([
      'generate: students 0 / 1,000,000 (0%)',
      'generate: students 120,000 / 1,000,000 (12%) · students',
      'generate: vacuum analyze…',
      'generate: done in 1 min 03 s',
    ]);
    expect(io.text()).not.toContain('\r');
  });

  it('redraws one line in a terminal, and ends it with its latest state before the next part', async () => {
    const io = fakeTerminal({ isTTY: true });
    const progress = new Progress('backup', { output: io.output, now: io.now, intervalMs: 250 });
    await progress.run(async () => {
      progress.phase('tables', 7);
      io.advance(300);
      progress.update(3);
      io.advance(10);
      // Within the interval: not drawn now, but the line ends with it.
      progress.update(4);
      progress.phase('packing the archive');
      io.advance(4_200);
    }, 'written');
    expect(io.text()).toBe(
      '\r\x1b[2Kbackup: tables 0 / 7 (0%)' +
        '\r\x1b[2Kbackup: tables 3 / 7 (42%)' +
        '\r\x1b[2Kbackup: tables 4 / 7 (57%)\n' +
        '\r\x1b[2Kbackup: packing the archive…\n' +
        'backup: written in 4.5 s\n',
    );
  });

  it("cuts a terminal line to the terminal's width, which a redraw could not climb back over", () => {
    const io = fakeTerminal({ isTTY: true, columns: 20 });
    new Progress('restore', { output: io.output, now: io.now }).phase('loading the database');
    expect(io.text()).toBe('\r\x1b[2Krestore: loading t…');
  });

  it('ends the line in progress when the work fails, with no summary, and passes the failure on', async () => {
    const io = fakeTerminal({ isTTY: true });
    const progress = new Progress('migrate', { output: io.output, now: io.now });
    await expect(
      progress.run(async () => {
        progress.phase('applying 2 migrations: 0029_a → 0031_b');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(io.text()).toBe('\r\x1b[2Kmigrate: applying 2 migrations: 0029_a → 0031_b…\n');
  });

  it('says nothing at all when the work had nothing long to do', async () => {
    const io = fakeTerminal();
    const progress = new Progress('start', { output: io.output, now: io.now });
    expect(await progress.run(async () => 42, 'database ready')).toBe(42);
    // Updates outside a part (none started) show nothing either.
    progress.update(3);
    expect(io.text()).toBe('');
  });

  it('writes durations a person reads at a glance', () => {
    expect(formatDuration(420)).toBe('0.4 s');
    expect(formatDuration(59_900)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
    expect(formatDuration(187_000)).toBe('3 min 07 s');
  });
});
