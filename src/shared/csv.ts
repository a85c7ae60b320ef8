// CSV as spreadsheets read it: the bulk-upload summary and every table's export.

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a comma, a line break or edge spaces, quotes
 * doubled. A text starting with = + - @ or a tab gets a leading apostrophe, so a spreadsheet shows it
 * rather than runs it as a formula (file names and server messages are not ours to trust).
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A header and rows as CSV text, CRLF line ends (what spreadsheets expect). */
export function csvText(header: readonly string[], rows: Iterable<readonly (string | number)[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
