/**
 * The one CSV cell encoder (dashboard tables, the diagnoses export). Text that
 * a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return that some strip before looking) gets a leading apostrophe,
 * so an export of untrusted text (trajectory content, diagnoses) can be opened
 * safely (OWASP "CSV injection"); numbers and booleans are written raw so a
 * spreadsheet still computes with them, negative numbers included. Quoted per
 * RFC 4180 when the cell holds a quote, comma or line break.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-free: a line feed ends it), cells in the given order. */
export function csvLine(values: CsvValue[]): string {
  return values.map(csvCell).join(',') + '\n';
}
