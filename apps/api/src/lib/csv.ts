import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { CSV_ROW_CAP } from '@playhouse/shared';

export interface CsvColumn<Row> {
  key: keyof Row & string;
  header: string;
}

/** What a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (an amount such as "-12.50") is never a formula, so it keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell as text: dates in ISO form, objects as JSON, and anything a spreadsheet would run prefixed with '. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * The CSV text of `rows` under `columns` (a byte-order mark first, so spreadsheets read UTF-8). More than CSV_ROW_CAP
 * rows are cut to the cap, and a first row says so before the header row.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): { text: string; cut: boolean } {
  const cut = rows.length > CSV_ROW_CAP;
  const records = (cut ? rows.slice(0, CSV_ROW_CAP) : rows).map((row) => columns.map((c) => csvCell(row[c.key])));
  const note = cut ? [[`Export cut at ${CSV_ROW_CAP} rows: narrow the filters to export the rest`]] : [];
  const header = columns.map((column) => csvCell(column.header));
  return { text: `\uFEFF${stringify([...note, header, ...records], { record_delimiter: '\r\n' })}`, cut };
}

/**
 * Sends `rows` as a CSV download named `filename` (letters, digits, dots, dashes and underscores kept). The rows are
 * the whole filtered result, read with `pageWindow` (up to one past the cap, so a cut export is noticed); the header
 * `x-export-cut: true` also tells a script the export was cut.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
): FastifyReply {
  const { text, cut } = toCsv(columns, rows);
  const safeName = filename.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'export';
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeName.endsWith('.csv') ? safeName : `${safeName}.csv`}"`)
    .header('cache-control', 'no-store')
    .header('x-export-cut', String(cut))
    .send(text);
}
