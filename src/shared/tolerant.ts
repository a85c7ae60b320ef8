// Reading what a platform really sends (DESIGN section 14). A record that does not match its schema is
// kept with the values it has and marked: which fields could not be read and what they held. Pure: the
// generic call (main), the list worker and check-platform use it alike.
import * as v from 'valibot';

/** One field of a record that could not be read: where, what the schema wants, what came (short text). */
export interface ReadIssue {
  path: string;
  expected: string;
  received: string;
  /**
   * Unset: the field could not be read. 'form': it was read, from another form than the contract's (a
   * date as DD/MM/YYYY); the record shows and edits as usual. 'duplicate': another record of the list
   * has the same id; the record is kept out of selection and bulk actions until the platform fixes it.
   */
  kind?: 'form' | 'duplicate';
}

/** The property a partly read record carries its issues in (inline: small answers, single records). */
export const PARTIAL = '$partial';

export type Marked<T> = T & { [PARTIAL]?: ReadIssue[] };

/** The issues of a partly read record, or undefined for a record read fully. */
export function partialIssues(row: unknown): ReadIssue[] | undefined {
  if (row === null || typeof row !== 'object') return undefined;
  const issues = (row as Record<string, unknown>)[PARTIAL];
  return Array.isArray(issues) && issues.length > 0 ? (issues as ReadIssue[]) : undefined;
}

/** The record without its marks (what goes back to the server). */
export function withoutMarks<T>(row: T): T {
  if (!partialIssues(row)) return row;
  const { [PARTIAL]: _marks, ...rest } = row as Record<string, unknown>;
  return rest as T;
}

/** "question: expected string, held null" lines (a row's tooltip, the dialog's reason). */
export function describeIssues(issues: readonly ReadIssue[]): string[] {
  return issues.map((i) =>
    i.kind === 'duplicate'
      ? `${i.path}: ${i.received} is also the id of another record in this list`
      : i.kind === 'form'
        ? `${i.path || '(record)'}: read from another form (held ${i.received}; expected ${i.expected})`
        : `${i.path || '(record)'}: expected ${i.expected}, held ${i.received}`,
  );
}

/** Issues that mean a field could not be read (not those read from another form, nor a repeated id). */
export const unreadIssues = (issues: readonly ReadIssue[] | undefined): ReadIssue[] => (issues ?? []).filter((i) => i.kind === undefined);

/** Whether a record shares its id with another record of its list. */
export const isDuplicateRecord = (row: unknown): boolean => partialIssues(row)?.some((i) => i.kind === 'duplicate') ?? false;

/**
 * Why a row cannot be selected or acted on in bulk, or null: it shares its id with another record (a
 * write by that id could reach either), or the platform sent no record there at all (null in a list).
 */
export function notSelectable(row: unknown): string | null {
  const issues = partialIssues(row);
  if (!issues) return null;
  if (issues.some((i) => i.kind === 'duplicate')) return 'another record has the same id';
  if (issues.some((i) => i.path === '' && i.expected === 'a record')) return 'the platform sent no record here';
  return null;
}

/** Field names whose values never leave main or appear in a report (tokens, passwords, hashes). */
const SECRET_NAME = /token|password|secret|hash/i;
/** Field names of personal data: the platform check prints no example of them. */
const PERSONAL_NAME = /email|mobile|phone|bio|name$|^name/i;

export const isSecretField = (name: string): boolean => SECRET_NAME.test(name);
export const isPersonalField = (name: string): boolean => SECRET_NAME.test(name) || PERSONAL_NAME.test(name);

const MAX_RECEIVED = 80;

/** What a field held, as short text; a secret field's value is never repeated. */
function received(path: readonly (string | number)[], raw: unknown): string {
  if (path.some((p) => typeof p === 'string' && SECRET_NAME.test(p))) return '(hidden)';
  if (raw === undefined) return 'nothing (missing)';
  let text: string;
  try {
    text = typeof raw === 'string' ? JSON.stringify(raw) : (JSON.stringify(raw) ?? String(raw));
  } catch {
    text = String(raw);
  }
  return text.length > MAX_RECEIVED ? `${text.slice(0, MAX_RECEIVED - 1)}…` : text;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySchema = v.GenericSchema<any, any> & Record<string, any>;

const isObject = (raw: unknown): raw is Record<string, unknown> => raw !== null && typeof raw === 'object' && !Array.isArray(raw);
const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
const WRAPPER_TYPES = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);

/** A short description of what a schema wants ('string', 'Easy | Medium | Hard', 'object'). */
function expected(schema: AnySchema): string {
  if (schema.type === 'picklist' || schema.type === 'enum') {
    const options = (schema.options as unknown[]).map(String);
    return options.length <= 6 ? options.join(' | ') : `${options.slice(0, 3).join(' | ')} | … (${options.length} values)`;
  }
  if (OBJECT_TYPES.has(schema.type)) return 'an object';
  if (schema.type === 'array') return 'a list';
  if (schema.type === 'union') return (schema.options as AnySchema[]).map(expected).join(' | ');
  if (schema.type === 'literal') return JSON.stringify(schema.literal);
  return String(schema.expects ?? schema.type);
}

/**
 * A schema's reader of other forms (`v.metadata({ otherForm, form })` in its pipe, e.g. DateTimeSchema):
 * what the platform may send instead of the contract's form, and the contract's form in words.
 */
function otherFormOf(schema: AnySchema): { read: (raw: unknown) => unknown; form: string } | null {
  const pipe = schema.pipe as { type: string; metadata?: { otherForm?: unknown; form?: unknown } }[] | undefined;
  const meta = pipe?.find((action) => action.type === 'metadata' && typeof action.metadata?.otherForm === 'function')?.metadata;
  return meta ? { read: meta.otherForm as (raw: unknown) => unknown, form: String(meta.form ?? 'another form') } : null;
}

/** The empty value of a schema: '' for text, [] for lists, an object of empties, else undefined. */
function emptyOf(schema: AnySchema): unknown {
  if (WRAPPER_TYPES.has(schema.type)) return 'default' in schema && schema.default !== undefined ? v.getDefault(schema) : undefined;
  if (OBJECT_TYPES.has(schema.type)) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(schema.entries as Record<string, AnySchema>)) out[key] = emptyOf(entry);
    return out;
  }
  if (schema.type === 'array') return [];
  if (schema.type === 'string' || schema.type === 'picklist') return '';
  // Records of several kinds: the last (the one a union falls back to).
  if (schema.type === 'union' || schema.type === 'variant') return emptyOf((schema.options as AnySchema[]).at(-1)!);
  return undefined;
}

interface Sink {
  issues: ReadIssue[];
}

/**
 * Reads `raw` as `schema` as far as it can. Where it matches, the schema's output; an object keeps
 * each field it can read, fields it cannot read keep their raw text (a primitive) or their empty
 * value (a missing or wrong-shaped object or list); each such field is an issue. `inline`: objects in
 * lists carry their own issues (PARTIAL) instead of passing them up.
 */
function read(schema: AnySchema, raw: unknown, path: (string | number)[], sink: Sink, inline: boolean): unknown {
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return parsed.output;
  if (WRAPPER_TYPES.has(schema.type) && raw !== undefined && raw !== null) return read(schema.wrapped as AnySchema, raw, path, sink, inline);
  if (OBJECT_TYPES.has(schema.type) && isObject(raw)) {
    const before = sink.issues.length;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(schema.entries as Record<string, AnySchema>)) {
      path.push(key);
      out[key] = read(entry, raw[key], path, sink, inline);
      path.pop();
    }
    // Every field read, yet the whole refused: a rule across fields (a check in the schema's pipe);
    // unless records inside it were marked themselves (inline), which is why it was refused.
    const markedInside = Object.values(out).some((field) => partialIssues(field) || (Array.isArray(field) && field.some((entry) => partialIssues(entry))));
    if (sink.issues.length === before && !markedInside) sink.issues.push({ path: path.join('.'), expected: parsed.issues[0]?.message ?? 'a valid record', received: 'a record that breaks it' });
    return out;
  }
  if ((schema.type === 'union' || schema.type === 'variant') && isObject(raw)) {
    // The option it reads best as (fewest fields unread): a legacy record is still the kind it was.
    let best: { value: unknown; issues: ReadIssue[] } | null = null;
    for (const option of schema.options as AnySchema[]) {
      const trial: Sink = { issues: [] };
      const value = read(option, raw, [...path], trial, inline);
      if (!best || trial.issues.length < best.issues.length) best = { value, issues: trial.issues };
    }
    if (best) {
      sink.issues.push(...best.issues);
      return best.value;
    }
  }
  if (schema.type === 'array' && Array.isArray(raw)) {
    const item = schema.item as AnySchema;
    const before = sink.issues.length;
    const out = raw.map((entry, index) => {
      if (inline && entriesOf(item) !== null) return readRecord(item, entry, true).value;
      path.push(index);
      const value = read(item, entry, path, sink, inline);
      path.pop();
      return value;
    });
    // Items fine (or marked themselves), yet the list refused: its length or another list-wide rule.
    if (sink.issues.length === before && !out.some((entry) => partialIssues(entry))) {
      sink.issues.push({ path: path.join('.'), expected: parsed.issues[0]?.message ?? 'a valid list', received: `a list of ${raw.length}` });
    }
    return out;
  }
  const form = otherFormOf(schema);
  if (form) {
    const value = form.read(raw);
    if (value !== null) {
      sink.issues.push({ path: path.join('.'), expected: form.form, received: received(path, raw), kind: 'form' });
      return value;
    }
  }
  sink.issues.push({ path: path.join('.'), expected: expected(schema), received: received(path, raw) });
  // Raw text where a value is unknown (a language the console does not know), empty where it is missing.
  if (raw !== null && raw !== undefined && typeof raw !== 'object' && !OBJECT_TYPES.has(schema.type) && schema.type !== 'array') return raw;
  return emptyOf(schema);
}

/** The fields of an object schema (through optional wrappers), or null for any other schema. */
function entriesOf(schema: AnySchema): Record<string, AnySchema> | null {
  if (OBJECT_TYPES.has(schema.type)) return schema.entries as Record<string, AnySchema>;
  if (WRAPPER_TYPES.has(schema.type)) return entriesOf(schema.wrapped as AnySchema);
  if (schema.type === 'union' || schema.type === 'variant') {
    // Records of several kinds in one list: a field is modelled when any kind has it.
    const kinds = (schema.options as AnySchema[]).map(entriesOf);
    return kinds.every((k) => k !== null) ? Object.assign({}, ...kinds) : null;
  }
  return null;
}

/**
 * Fields of a record its schema does not model, kept as they came so that a whole-record update sends
 * them back (secret-looking ones excepted: they never leave main).
 */
function keepExtras(schema: AnySchema, raw: unknown, value: unknown): unknown {
  const entries = entriesOf(schema);
  if (!entries || !isObject(raw) || !isObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const key in raw) {
    if (key in entries || key === PARTIAL || SECRET_NAME.test(key)) continue;
    out ??= { ...value };
    out[key] = raw[key];
  }
  return out ?? value;
}

const unwrap = (schema: AnySchema): AnySchema => (WRAPPER_TYPES.has(schema.type) ? unwrap(schema.wrapped as AnySchema) : schema);

/** The records of a list schema's items, or null when its items are not records. */
function recordItems(schema: AnySchema): AnySchema | null {
  const list = unwrap(schema);
  return list.type === 'array' && entriesOf(list.item as AnySchema) !== null ? (list.item as AnySchema) : null;
}

/**
 * keepExtras for an answer: the answer itself when it is a record, and the records of its lists (the
 * answer's own, or those in its fields), which are what an edit sends back whole.
 */
function keepRecordExtras(schema: AnySchema, raw: unknown, value: unknown): unknown {
  const item = recordItems(schema);
  // Each listed record as one read alone (readRecord): its own extras and those of the records in its lists.
  if (item) return Array.isArray(raw) && Array.isArray(value) ? value.map((entry, i) => keepRecordExtras(item, raw[i], entry)) : value;
  const entries = entriesOf(schema);
  if (!entries || !isObject(raw) || !isObject(value)) return value;
  const out = keepExtras(schema, raw, value) as Record<string, unknown>;
  for (const [key, entry] of Object.entries(entries)) {
    const records = recordItems(entry);
    const list = out[key];
    const came = raw[key];
    if (records && Array.isArray(list) && Array.isArray(came)) out[key] = list.map((record, i) => keepExtras(records, came[i], record));
  }
  return out;
}

/** The fields a record carries that its schema does not model (what an update sends back as it came). */
export function extraFields(schema: v.GenericSchema, record: unknown): Record<string, unknown> {
  const entries = entriesOf(schema as AnySchema);
  const out: Record<string, unknown> = {};
  if (!entries || !isObject(record)) return out;
  for (const key in record) if (!(key in entries) && key !== PARTIAL && !SECRET_NAME.test(key)) out[key] = record[key];
  return out;
}

/**
 * One record: `{ value, issues }`. A record that matches costs one schema check and a look at its keys.
 * `inline`: the value carries its issues (PARTIAL), and so do records in lists inside it.
 */
export function readRecord<T = unknown>(schema: v.GenericSchema, raw: unknown, inline = false): { value: Marked<T>; issues: ReadIssue[] } {
  const s = schema as AnySchema;
  const parsed = v.safeParse(s, raw);
  if (parsed.success) return { value: (inline ? keepRecordExtras(s, raw, parsed.output) : keepExtras(s, raw, parsed.output)) as Marked<T>, issues: [] };
  const sink: Sink = { issues: [] };
  // Not a record at all where one is due (null inside a list): an empty record of the kind, marked, so
  // that a screen's own code finds the fields it reads.
  if (!isObject(raw) && entriesOf(s) !== null && raw !== undefined) {
    const empty = (emptyOf(s) ?? {}) as Record<string, unknown>;
    const issues: ReadIssue[] = [{ path: '', expected: 'a record', received: received([], raw) }];
    return { value: (inline ? { ...empty, [PARTIAL]: issues } : empty) as Marked<T>, issues };
  }
  let value = read(s, raw, [], sink, inline);
  value = keepExtras(s, raw, value);
  if (inline && sink.issues.length > 0 && isObject(value)) value = { ...value, [PARTIAL]: sink.issues };
  return { value: value as Marked<T>, issues: sink.issues };
}

/** The item schema of a list schema (an array, possibly piped), or null. */
export function itemSchemaOf(schema: v.GenericSchema): v.GenericSchema | null {
  const s = schema as AnySchema;
  return s.type === 'array' ? (s.item as v.GenericSchema) : null;
}

/**
 * A list of records as its side structure: the values (partly read ones as far as they go) and, by
 * row index, the issues of those that could not be read fully. A payload that is not a list at all
 * is null.
 */
export function readList<T = unknown>(itemSchema: v.GenericSchema, raw: unknown): { values: T[]; marks: Map<number, ReadIssue[]> } | null {
  if (!Array.isArray(raw)) return null;
  const marks = new Map<number, ReadIssue[]>();
  const values = new Array<T>(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const { value, issues } = readRecord<T>(itemSchema, raw[i]);
    values[i] = value;
    if (issues.length > 0) marks.set(i, issues);
  }
  return { values, marks };
}

/**
 * A call's answer (an envelope's data): records in it that could not be read fully carry their
 * issues inline. `issues` are the ones outside any listed record (a single record's own). Null when
 * the answer's shape is beyond reading (not an object or list where one is wanted).
 */
export function readAnswer(schema: v.GenericSchema, raw: unknown): { value: unknown; issues: ReadIssue[] } | null {
  const s = schema as AnySchema;
  const wantsObject = entriesOf(s) !== null;
  if (wantsObject && !isObject(raw) && !(WRAPPER_TYPES.has(s.type) && (raw === null || raw === undefined))) return null;
  if (s.type === 'array' && !Array.isArray(raw)) return null;
  const read = readRecord(schema, raw, true);
  // Records of one list sharing an `_id`: the answer's own list, or the lists in its fields.
  if (Array.isArray(read.value)) read.value = markDuplicates(read.value) as Marked<unknown>;
  else if (isObject(read.value)) {
    const record = read.value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const field = record[key];
      if (Array.isArray(field) && field.length > 1) {
        const marked = markDuplicates(field);
        if (marked !== field) read.value = { ...(read.value as object), [key]: marked } as Marked<unknown>;
      }
    }
  }
  return read;
}

/** How many records of an answer were read only partly (itself, or records in its lists). */
export function countPartial(value: unknown, depth = 0): number {
  if (depth > 4 || value === null || typeof value !== 'object') return 0;
  if (Array.isArray(value)) {
    let n = 0;
    for (const entry of value) n += partialIssues(entry) ? 1 : 0;
    return n;
  }
  let n = partialIssues(value) ? 1 : 0;
  for (const key in value) if (key !== PARTIAL) n += countPartial((value as Record<string, unknown>)[key], depth + 1);
  return n;
}

// Records that share an id. A platform can hold two records with one `_id` (an import run twice, a
// copy made outside it): each is shown, marked, and kept out of selection and bulk actions, since a
// write by that id would reach either.

/** The mark of a record whose `_id` another record of its list has too. */
export const duplicateIssue = (id: string): ReadIssue => ({ path: '_id', expected: 'an id no other record has', received: received([], id), kind: 'duplicate' });

const idOf = (row: unknown): string | null => {
  const id = isObject(row) ? row._id : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** The positions of records in `rows` whose `_id` another one has too (records without an id aside). */
export function duplicatePositions(rows: readonly unknown[]): number[] {
  const first = new Map<string, number>();
  const out = new Set<number>();
  rows.forEach((row, i) => {
    const id = idOf(row);
    if (id === null) return;
    const before = first.get(id);
    if (before === undefined) first.set(id, i);
    else out.add(before).add(i);
  });
  return [...out].sort((a, b) => a - b);
}

/** A list of records with those sharing an `_id` marked inline (a new array; the list itself when none do). */
export function markDuplicates(rows: readonly unknown[]): unknown[] {
  const positions = duplicatePositions(rows);
  if (positions.length === 0) return rows as unknown[];
  const out = [...rows];
  for (const i of positions) {
    const row = out[i] as Record<string, unknown>;
    out[i] = { ...row, [PARTIAL]: [...(partialIssues(row) ?? []), duplicateIssue(idOf(row)!)] };
  }
  return out;
}

// Lists under a wrapper key. Some platforms (or gateways in front of them) wrap an answer's data:
// `{ data: { questions: [...] } }`, `{ data: [...] }`, `{ questions: { items: [...] } }`. The data is
// read where it is found, and where it was found is told (logged, and reported by the platform check).

/** Keys a platform wraps its data in. */
export const WRAPPER_KEYS = ['data', 'items', 'result', 'results', 'records', 'rows', 'list', 'payload', 'content', 'docs'] as const;

/** What the answer was expected to hold, in words (a report's "expected"). */
export const expectedPlace = (field: string | undefined): string => (field ? `the list or record in "${field}"` : 'the answer\'s fields at its top level');

/**
 * The data of an envelope for a call whose data is `envelope[field]` (or the envelope itself when no
 * field is named): where the contract says, else under a wrapper key. `from` names where it was found
 * when that is not where the contract says ('data.questions', 'data', 'questions.items').
 */
export function answerPayload(schema: v.GenericSchema, envelope: Record<string, unknown>, field?: string): { value: unknown; from?: string } {
  const s = unwrap(schema as AnySchema);
  const entries = s.type === 'array' ? null : entriesOf(s);
  const fits = (value: unknown): boolean =>
    s.type === 'array' ? Array.isArray(value) : entries ? isObject(value) && Object.keys(entries).some((key) => key in value) : value !== undefined;
  const direct = field ? envelope[field] : envelope;
  if (fits(direct)) return { value: direct };
  for (const key of WRAPPER_KEYS) {
    const inner = envelope[key];
    const tries: [string, unknown][] = [];
    // The named field inside a wrapper, even null (a call that answers "none" as null).
    if (field && isObject(inner) && field in inner && direct === undefined && inner[field] === null) return { value: null, from: `${key}.${field}` };
    if (field && isObject(inner)) tries.push([`${key}.${field}`, inner[field]]);
    if (key !== field) tries.push([key, inner]);
    if (field && isObject(direct)) tries.push([`${field}.${key}`, direct[key]]);
    for (const [from, value] of tries) if (fits(value)) return { value, from };
  }
  return { value: direct };
}
