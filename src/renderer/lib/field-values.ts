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

/** The spec's date D-MM-YYYY (day without a leading zero) from a date input's YYYY-MM-DD; '' for none. */
export function specDateOf(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return '';
  return `${Number(m[3])}-${m[2]}-${m[1]}`;
}

/** A date input's YYYY-MM-DD from the spec's D-MM-YYYY (or DD-MM-YYYY); '' when it is not a date. */
export function isoDateOf(specDate: string): string {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(specDate.trim());
  if (!m) return '';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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
