import { changedFields, type HistoryRow } from '../../shared/history';

/**
 * What a History entry changed, in words a person reads: field names as labels ('categoryId' is
 * 'Category'), ids as the names of what they point at (a category, a business idea, a keyword group),
 * a question's options as their texts with the correct ones marked, never cut JSON.
 */

/** Names by id of the records a change may point at. */
export type NameOf = (id: string) => string | undefined;

const LABELS: Record<string, string> = {
  categoryId: 'Category',
  options: 'Options',
  isTrue: 'Correct',
  fileId: 'File',
  businessIdeas: 'Business ideas',
  keywords: 'Keyword groups',
  optionFormat: 'Option format',
  helpText: 'Help text',
};

/** 'categoryId' -> 'Category', 'modulesSkippable' -> 'Modules skippable'. */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/Ids?$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isOption = (value: unknown): value is { option: string; isTrue?: boolean } =>
  typeof value === 'object' && value !== null && typeof (value as { option?: unknown }).option === 'string';

/** A value in full: names for ids, option texts, lists joined, objects as 'label: value' pairs. */
export function valueText(value: unknown, nameOf: NameOf): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return nameOf(value) ?? value;
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (value.every(isOption)) return value.map((o) => (o.isTrue ? `${o.option} (correct)` : o.option)).join(', ');
    return value.map((item) => valueText(item, nameOf)).join(', ');
  }
  if (typeof value === 'object') {
    const named = value as { name?: unknown; title?: unknown };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.title === 'string') return named.title;
    return Object.entries(value)
      .filter(([k]) => !['_id', 'id'].includes(k))
      .map(([k, v]) => `${fieldLabel(k)}: ${valueText(v, nameOf)}`)
      .join('; ');
  }
  return String(value);
}

const SHORT = 40;
const cut = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);

/** One changed field, before and after, in full. */
export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** The fields an entry changed, each in full (ids left out). */
export function fieldChanges(row: Pick<HistoryRow, 'before' | 'after'>, nameOf: NameOf): FieldChange[] {
  return changedFields(row)
    .filter((k) => !['id', '_id'].includes(k))
    .map((key) => ({ key, label: fieldLabel(key), before: row.before ? valueText(row.before[key], nameOf) : '—', after: valueText(row.after[key], nameOf) }));
}

/** What an entry changed, in a line: 'Title: Old → New; Category: Dairy → Poultry', 'Added', 'Deleted'. `full`: nothing cut. */
export function changeLine(row: HistoryRow, nameOf: NameOf, full = false): string {
  const prefix = row.undoOf ? 'Undo: ' : '';
  if (row.method === 'DELETE') return `${prefix}Deleted`;
  const changes = fieldChanges(row, nameOf);
  if (!row.before) return `${prefix}Added${changes.length > 0 ? ` (${changes.map((c) => c.label).join(', ')})` : ''}`;
  if (changes.length === 0) return `${prefix}Saved with no change`;
  const show = full ? (t: string) => t : cut;
  return prefix + changes.map((c) => `${c.label}: ${show(c.before)} → ${show(c.after)}`).join('; ');
}
