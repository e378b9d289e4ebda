import Fastify from 'fastify';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_ROW_CAP } from '@playhouse/shared';
import { csvCell, sendCsv, toCsv } from './csv';

type Row = { id: number; note: string | null; at: Date };
const columns = [
  { key: 'id', header: 'Id' },
  { key: 'note', header: 'Note' },
  { key: 'at', header: 'When' },
] as const;

const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks so every cell comes back as written', () => {
    const rows: Row[] = [{ id: 1, note: 'a, "quoted"\nline', at: new Date('2026-11-25T08:00:00Z') }];
    const { text, cut } = toCsv(columns, rows);
    expect(cut).toBe(false);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(rowsOf(text)).toEqual([
      ['Id', 'Note', 'When'],
      ['1', 'a, "quoted"\nline', '2026-11-25T08:00:00.000Z'],
    ]);
  });

  it('defuses cells a spreadsheet would run as a formula, but keeps negative amounts', () => {
    for (const attack of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '=cmd|"/c calc"!A1']) {
      expect(csvCell(attack)).toBe(`'${attack}`);
    }
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('plain = text')).toBe('plain = text');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('{"a":1}');
    const { text } = toCsv(columns, [{ id: 2, note: '=1+1', at: new Date(0) }]);
    expect(rowsOf(text)[1]?.[1]).toBe("'=1+1");
  });

  it('cuts an export at the cap and says so in a first row', () => {
    const rows = Array.from({ length: CSV_ROW_CAP + 1 }, (_, i) => ({ id: i, note: null, at: new Date(0) }));
    const { text, cut } = toCsv(columns, rows);
    expect(cut).toBe(true);
    const parsed = rowsOf(text);
    expect(parsed[0]?.[0]).toMatch(/cut at 10000 rows/);
    expect(parsed[1]).toEqual(['Id', 'Note', 'When']);
    expect(parsed).toHaveLength(CSV_ROW_CAP + 2);
  });

  it('sends a download with a safe file name', async () => {
    const app = Fastify();
    app.get('/x', (_request, reply) =>
      sendCsv(reply, '../audit "log"', columns, [{ id: 1, note: 'n', at: new Date(0) }]),
    );
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="_audit_log_.csv"');
    expect(response.headers['x-export-cut']).toBe('false');
    expect(rowsOf(response.body)[1]).toEqual(['1', 'n', '1970-01-01T00:00:00.000Z']);
    await app.close();
  });
});
