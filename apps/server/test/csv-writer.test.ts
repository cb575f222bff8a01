import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  csvBatchStream,
  csvStream,
  neutraliseFormula,
  safeFileName,
  type CsvColumn,
} from '../src/lib/csv.js';

interface Row {
  name: string;
  count: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Count', value: (row) => row.count },
];

async function* rowsOf(rows: Row[]) {
  yield* rows;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('the CSV writer', () => {
  it('starts with a UTF-8 BOM and a header row, ends lines with CRLF and quotes what needs quoting', async () => {
    const csv = await text(
      csvStream(
        columns,
        rowsOf([
          { name: 'Zoë "Zo" Ng, Jr.\nline two', count: null },
          { name: 'Ana', count: 3 },
        ]),
      ),
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Name,Count\r\n"Zoë ""Zo"" Ng, Jr.\nline two",\r\nAna,3\r\n');
    expect(parse(csv, { bom: true, columns: true })).toEqual([
      { Name: 'Zoë "Zo" Ng, Jr.\nline two', Count: '' },
      { Name: 'Ana', Count: '3' },
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula, and leaves numbers as numbers', async () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(neutraliseFormula(`${start}HYPERLINK("x")`)).toBe(`'${start}HYPERLINK("x")`);
    expect(neutraliseFormula('Ana = Bo')).toBe('Ana = Bo');
    const csv = await text(csvStream(columns, rowsOf([{ name: '=1+1', count: -4 }])));
    expect(parse(csv, { bom: true, columns: true })).toEqual([{ Name: "'=1+1", Count: '-4' }]);
  });

  it('reads rows only as fast as the stream is read, and stops the source when the stream is destroyed', async () => {
    let produced = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          yield { name: `row ${produced} ${'x'.repeat(100)}`, count: produced };
        }
      } finally {
        finished = true;
      }
    }
    const stream = csvStream(columns, endless());
    // Nobody reads: the source stops after the buffers are full, far from endless.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(2_000);

    let received = 0;
    const reader = new Writable({
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        // A client that goes away after 1 MB.
        if (received > 1_000_000) done(new Error('client went away'));
        else done();
      },
    });
    await expect(pipeline(stream, reader)).rejects.toThrow('client went away');
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(20_000);
  });

  it('writes batches as one piece of text each, and quotes a cell with a line break (RFC 4180)', async () => {
    const awkward = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rhere',
      'ends with\r',
      '-3',
      '=SUM(A1)',
      'Zoë',
    ];
    const rows = awkward.map((name, index) => ({ name, count: index % 3 === 0 ? null : index - 4 }));
    async function* inBatchesOf3() {
      for (let start = 0; start < rows.length; start += 3) yield rows.slice(start, start + 3);
    }
    const chunks: string[] = [];
    for await (const chunk of csvBatchStream(columns, inBatchesOf3())) chunks.push(String(chunk));
    // The header, then one chunk per batch (the stream may join chunks that wait together, never split one).
    expect(chunks.length).toBeLessThanOrEqual(1 + Math.ceil(rows.length / 3));
    const csv = chunks.join('');
    // csv-stringify, which wrote the CSVs before, left a lone line feed or carriage return unquoted: a spreadsheet
    // then broke the row in two (a defect's note typed on two lines).
    expect(csv).toBe(
      '\uFEFFName,Count\r\n,\r\nplain,-3\r\n"a,b",-2\r\n"say ""hi""",\r\n"two\nlines",0\r\n"cr\rhere",1\r\n' +
        `"ends with\r",\r\n'-3,3\r\n'=SUM(A1),4\r\nZoë,\r\n`,
    );
    expect(parse(csv, { bom: true, columns: true })).toEqual(
      rows.map((row) => ({
        Name: neutraliseFormula(row.name),
        Count: row.count === null ? '' : String(row.count),
      })),
    );
    expect(await text(csvStream(columns, rowsOf(rows)))).toBe(csv);
  });

  it('makes a safe download file name', () => {
    expect(safeFileName('drivers 2026-03-02.csv')).toBe('drivers-2026-03-02.csv');
    expect(safeFileName('../../etc/"passwd".csv')).toBe('etc-passwd-.csv');
    expect(safeFileName('"";')).toBe('export.csv');
  });
});
