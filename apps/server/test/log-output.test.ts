import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { formatLogRecord, textStyle } from '../src/log-output.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PLAIN = { colour: false };
const AT = Date.UTC(2026, 2, 2, 7, 5, 9, 42);
/** The record's instant as this machine's clock shows it, which is what a person at it reads. */
const clock = (time: number) =>
  `${new Date(time).toTimeString().slice(0, 8)}.${String(time % 1000).padStart(3, '0')}`;

const record = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: AT, pid: 4242, hostname: 'bus-depot', ...fields })}\n`;

describe('log records as readable lines', () => {
  it('shows a request as time, level, message, method, URL, status and time taken', () => {
    const line = formatLogRecord(
      record({
        reqId: '0b7c3f57-6a51-4ab4-9a43-4a3b8b3f0c11',
        req: {
          method: 'GET',
          url: '/api/trips?date=[redacted]',
          host: 'localhost',
          remoteAddress: '127.0.0.1',
        },
        res: { statusCode: 200 },
        responseTime: 12.71,
        msg: 'request completed',
      }),
      PLAIN,
    );
    expect(line).toBe(`${clock(AT)} INFO  request completed GET /api/trips?date=[redacted] 200 13 ms\n`);
  });

  it('adds the other fields as name=value, quoting text with spaces, and leaves out the process and request ids', () => {
    const line = formatLogRecord(
      record({
        level: 40,
        msg: 'on-time rollups counted again',
        minutes: 5,
        signal: 'SIGTERM',
        note: 'two words',
        days: [1, 2],
      }),
      PLAIN,
    );
    expect(line).toBe(
      `${clock(AT)} WARN  on-time rollups counted again minutes=5 signal=SIGTERM note="two words" days=[1,2]\n`,
    );
  });

  it("puts an error's stack on lines of its own below the record", () => {
    const line = formatLogRecord(
      record({
        level: 50,
        msg: 'error while shutting down',
        err: { type: 'Error', message: 'disk full', stack: 'Error: disk full\n    at close (db.ts:1:1)' },
      }),
      PLAIN,
    );
    expect(line).toBe(
      `${clock(AT)} ERROR error while shutting down\n  Error: disk full\n      at close (db.ts:1:1)\n`,
    );
  });

  it('colours the level and a failing status only when asked to', () => {
    const failed = record({
      level: 50,
      req: { method: 'POST', url: '/api/x' },
      res: { statusCode: 503 },
      msg: 'm',
    });
    const coloured = formatLogRecord(failed, { colour: true });
    expect(coloured).toContain('\x1b[31mERROR\x1b[0m');
    expect(coloured).toContain('\x1b[31m503\x1b[0m');
    expect(formatLogRecord(failed, PLAIN)).not.toContain('\x1b[');
  });

  it('passes on unchanged what is not a JSON record', () => {
    expect(formatLogRecord('not json\n', PLAIN)).toBe('not json\n');
  });
});

describe('the log format setting', () => {
  const terminal = { isTTY: true, hasColors: () => true };
  const pipe = { isTTY: false };

  it('writes JSON to a service manager or a pipe, and readable lines to a terminal, unless told otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(textStyle('auto', pipe)).toBeNull();
    expect(textStyle('auto', terminal)).toEqual({ colour: true });
    expect(textStyle('auto', { isTTY: true, hasColors: () => false })).toEqual({ colour: false });
    expect(textStyle(loadConfig({ LOG_FORMAT: 'JSON' }).logFormat, terminal)).toBeNull();
    // Text asked for in a pipe: readable, but no colour codes in a file.
    expect(textStyle(loadConfig({ LOG_FORMAT: 'text' }).logFormat, pipe)).toEqual({ colour: false });
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(
      'Invalid configuration: LOG_FORMAT must be auto, json or text.',
    );
  });
});

describe("the server's own records", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('read as one line each, with what the request log keeps', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing?name=Asha' });
    const completed = t.logs.findLast((line) => line.includes('request completed'))!;
    expect(formatLogRecord(completed, PLAIN)).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}request completed GET \/api\/no-such-thing\?name=\[redacted\] 404 \d+(\.\d)? ms\n$/,
    );
  });
});
