import type { Context } from 'hono';

/** What a spreadsheet program may read as a formula: these characters first, even after spaces or line breaks. */
const FORMULA_START = /^\s*[=+\-@\t\r]/;
/** A plain phone number (`+1 (555) 010-0100`) is left as typed: it cannot run anything, and owners call it. */
const PHONE_NUMBER = /^\+?[0-9 ().-]{6,20}$/;

/** CSV cells: quoted, and never read as a formula by spreadsheet programs. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PHONE_NUMBER.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A CSV download: the header line, then one line per row, CRLF as RFC 4180 has it. It starts with a UTF-8 byte
 * order mark, or spreadsheet programs read accented names as another encoding.
 */
export function csvResponse(c: Context, fileName: string, header: string[], rows: string[][]): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  return c.body('\uFEFF' + [header, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n');
}
