import sonicBoom, { type SonicBoom } from 'sonic-boom';
import type { AppConfig } from './config.js';

/** Log lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_BUFFERED = 16 * 1024 * 1024;

/** How log records are written: LOG_FORMAT. */
export type LogFormat = AppConfig['logFormat'];

/** What of standard output decides the format and the colours: a terminal, and whether it shows colours. */
export interface LogTerminal {
  isTTY?: boolean;
  hasColors?: () => boolean;
}

/** Where pino writes its records (one JSON text each), and the writer underneath that flushLogOutput waits for. */
export interface LogOutput {
  write(record: string): void;
  readonly writer: SonicBoom;
}

/**
 * Where the server's log records go: stdout, written asynchronously, never in a way that can hold the process.
 * pino's default writer flushes synchronously in an exit hook and loops there for ever when stdout's reader has
 * stopped reading or gone away (the process stopped listening, never exited, and ignored further signals); Node's
 * own stdout blocks the whole event loop on a full pipe. This one is not registered for exit, drops lines when
 * the reader is gone (EPIPE), and keeps at most MAX_BUFFERED bytes for a reader that stalls.
 * JSON lines for service managers and anything that reads them; for a person at a terminal (`auto` with stdout a
 * terminal, or `text`) one readable line per record, coloured only on a terminal that shows colours.
 */
export function createLogOutput(format: LogFormat = 'auto', stdout: LogTerminal = process.stdout): LogOutput {
  // The CommonJS package's constructor, reached the way both its types and Node's ESM loader agree on.
  const writer = new sonicBoom.SonicBoom({ fd: 1, sync: false, maxLength: MAX_BUFFERED });
  writer.on('error', () => {});
  const style = textStyle(format, stdout);
  if (!style) return { writer, write: (record) => void writer.write(record) };
  return { writer, write: (record) => void writer.write(formatLogRecord(record, style)) };
}

/** Readable lines (and whether in colour), or null for JSON lines. */
export function textStyle(format: LogFormat, stdout: LogTerminal): { colour: boolean } | null {
  const terminal = stdout.isTTY === true;
  if (format === 'json' || (format === 'auto' && !terminal)) return null;
  // hasColors() also honours NO_COLOR, FORCE_COLOR and TERM=dumb.
  return { colour: terminal && (stdout.hasColors?.() ?? false) };
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const ANSI = { dim: 2, red: 31, green: 32, yellow: 33 } as const;
const LEVEL_COLOURS: Record<number, keyof typeof ANSI> = {
  10: 'dim',
  20: 'dim',
  30: 'green',
  40: 'yellow',
  50: 'red',
  60: 'red',
};
/** Fields the line shows in its own way, or that a person at a terminal does not need (the JSON keeps them all). */
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A value as a person reads it: bare when it is one word, quoted when it has spaces, JSON when it is not text. */
function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * One pino record (a JSON text) as a line a person reads: local time, level, message, then for a request its
 * method, URL, status and time taken, then the other fields as name=value. An error's stack follows on lines of
 * its own. Anything that is not a JSON record passes unchanged.
 */
export function formatLogRecord(record: string, { colour }: { colour: boolean }): string {
  let fields: LogRecord;
  try {
    fields = JSON.parse(record) as LogRecord;
  } catch {
    return record;
  }
  if (typeof fields !== 'object' || fields === null) return record;
  const paint = (text: string, style: keyof typeof ANSI | undefined) =>
    colour && style ? `\x1b[${ANSI[style]}m${text}\x1b[0m` : text;
  const parts: string[] = [];
  if (typeof fields.time === 'number') {
    const at = new Date(fields.time);
    const clock = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
    parts.push(paint(`${clock}.${String(at.getMilliseconds()).padStart(3, '0')}`, 'dim'));
  }
  const level = fields.level ?? 30;
  parts.push(paint((LEVELS[level] ?? String(level)).padEnd(5), LEVEL_COLOURS[level]));
  if (fields.msg !== undefined) parts.push(String(fields.msg));
  if (fields.req?.method) parts.push(`${fields.req.method} ${fields.req.url ?? ''}`.trim());
  const status = fields.res?.statusCode;
  if (typeof status === 'number')
    parts.push(paint(String(status), status >= 500 ? 'red' : status >= 400 ? 'yellow' : undefined));
  if (typeof fields.responseTime === 'number')
    parts.push(
      `${fields.responseTime < 10 ? fields.responseTime.toFixed(1) : Math.round(fields.responseTime)} ms`,
    );
  for (const [name, value] of Object.entries(fields))
    if (!SHOWN_APART.has(name) && value !== undefined) parts.push(`${name}=${fieldValue(value)}`);
  const { err } = fields;
  if (err && !err.stack) parts.push(`err=${fieldValue(err.message ?? err)}`);
  const stack = err?.stack ? `\n${err.stack.replace(/^/gm, '  ')}` : '';
  return `${parts.join(' ')}${stack}\n`;
}

/** What of sonic-boom's state tells whether lines are still on their way (not in its types). */
interface WriterState {
  _writing: boolean;
  _len: number;
}

/**
 * Gives the last lines (shutting down, errors) a chance to reach the reader, for at most `withinMs`: waits until
 * the writer has nothing in flight or buffered. Not `flush(cb)`: with asynchronous writes it calls back at once,
 * while the last line may still be on its way, so a quick exit cut it. Not `flushSync`: it blocks on a reader that
 * has stalled, which is exactly when the process must still exit.
 */
export function flushLogOutput(output: LogOutput, withinMs: number): Promise<void> {
  const state = output.writer as unknown as WriterState;
  const deadline = Date.now() + withinMs;
  return new Promise((resolve) => {
    const check = () => {
      if ((!state._writing && state._len === 0) || Date.now() >= deadline) resolve();
      else setTimeout(check, 5);
    };
    check();
  });
}
