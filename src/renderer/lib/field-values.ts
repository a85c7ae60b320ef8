// The value conversions of the entity dialog's field kinds: what the form holds versus what the
// control shows. Pure, so each rule is tested on its own.

/** Tags typed as comma-separated entries: trimmed, empty ones dropped, each once (first spelling kept). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

/** YYYY-MM-DD (sorts as text) from the spec's D-MM-YYYY (or DD-MM-YYYY); '' when it is not a date. */
export function isoDateOf(specDate: string): string {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(specDate.trim());
  if (!m) return '';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The spec's D-MM-YYYY of a day (a calendar's choice, local time). */
export function specDateOfDay(day: Date): string {
  return `${day.getDate()}-${String(day.getMonth() + 1).padStart(2, '0')}-${day.getFullYear()}`;
}

/** The day (local midnight) a D-MM-YYYY names; undefined when it names none. */
export function dayOfSpecDate(text: string): Date | undefined {
  const iso = isoDateOf(text);
  if (!iso) return undefined;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * A typed date in the spec's D-MM-YYYY when it names a real day ('5-3-2027', '05/03/2027' and
 * '5.3.2027' become '5-03-2027'); any other text stays as typed, for the form's message.
 */
export function tidySpecDate(text: string): string {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  const day = m ? dayOfSpecDate(`${m[1]}-${m[2]}-${m[3]}`) : undefined;
  return day ? specDateOfDay(day) : text;
}

/** HH:mm (24 hours) or '' when the text is not a time. */
export function timeOf(text: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return '';
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? `${String(h).padStart(2, '0')}:${m[2]}` : '';
}

/**
 * A typed duration part: a whole number within 0..max; '' while the box is empty (NaN, so the schema
 * says it is required); a value over the limit or negative is kept as typed (the schema refuses it
 * with its message rather than the field changing what was typed).
 */
export function durationPartOf(text: string): number {
  if (text.trim() === '') return Number.NaN;
  return Number(text);
}

/** A number box's value: undefined while empty, else the number typed. */
export function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/** The counter under a text area: '12 / 200'. */
export function counterText(value: string, max: number | undefined): string {
  return max === undefined ? `${value.length}` : `${value.length} / ${max}`;
}

/** Indian rupees as the fee fields show them: ₹1,25,000 (Indian digit grouping), ₹0 for zero. */
export function formatInr(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(amount);
}
