import type { Context } from 'hono';

/** CSV cells: quoted, and never read as a formula by spreadsheet programs. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A CSV download: the header line, then one line per row, CRLF as RFC 4180 has it. */
export function csvResponse(c: Context, fileName: string, header: string[], rows: string[][]): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  return c.body([header, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n');
}
