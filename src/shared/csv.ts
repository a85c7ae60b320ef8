// CSV as spreadsheets read it: the bulk-upload summary and every table's export.

/**
 * Where a spreadsheet may start a cell inside one field: the field's start, and after a `;` or a tab
 * (a spreadsheet whose list separator is `;`, as Excel in many locales, or a tab splits there; a field
 * misread across a line break starts a cell after it). Spaces before the formula character count too.
 */
const CELL_START = /(^|[;\t\r\n])([ \u00a0]*[=+\-@])/g;

/**
 * One CSV field (RFC 4180). A text is always quoted, quotes doubled, so a `,` or `;` inside it never
 * starts a cell of its own in a spreadsheet that honours quotes. A formula character (= + - @) where a
 * cell may start (the field's start, or after a `;`, a tab or a line break inside it) gets an
 * apostrophe before it, and so does a text that starts with a tab or a carriage return: a spreadsheet
 * shows it as text rather than run it as a formula (file names and server messages are not ours to
 * trust). Numbers are written plain.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const neutral = value.replace(CELL_START, "$1'$2");
  const safe = /^[\t\r]/.test(neutral) ? `'${neutral}` : neutral;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A header and rows as CSV text, CRLF line ends (what spreadsheets expect). */
export function csvText(header: readonly string[], rows: Iterable<readonly (string | number)[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
