import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { isIsoDateTime, readDateTime } from '../dates';

/**
 * NUL characters: PostgreSQL cannot store them in text and no form can type one, so any text or id
 * holding one is refused (400) before it reaches a query.
 */
export const NUL_MESSAGE = 'must not contain a NUL character (\\0)';
const hasNul = (text: string): boolean => text.includes('\u0000');
/** A string check for the shared string schemas. */
export const noNul = (what = 'The text') => v.check<string, string>((text) => !hasNul(text), `${what} ${NUL_MESSAGE}.`);

/**
 * Bounds of any input, checked before anything walks it: a call's input is a form, a filter or a list
 * of ids (a few levels, at most tens of thousands of values), so far deeper or larger input is refused
 * with a clear message instead of exhausting the stack or the memory of main or the server.
 */
export const INPUT_LIMITS = { depth: 32, values: 200_000, textChars: 16 * 1024 * 1024 } as const;
export const INPUT_TOO_DEEP = `The input is nested too deeply (more than ${INPUT_LIMITS.depth} levels).`;
export const INPUT_TOO_LARGE = `The input is too large (more than ${INPUT_LIMITS.values.toLocaleString('en-US')} values or ${INPUT_LIMITS.textChars / 1024 / 1024} MiB of text).`;

/**
 * What is wrong with an input before its schema runs, as one sentence, or null: nesting deeper than
 * `INPUT_LIMITS.depth`, more values or text than allowed, or a NUL in any text or key (naming its
 * field). Iterative, with an explicit stack, so no input can overflow the call stack. Main and the
 * reference server run it on every input, so no schema (today's or a new one) can let these through.
 */
export function inputMessage(value: unknown): string | null {
  const stack: { item: unknown; path: string; depth: number }[] = [{ item: value, path: '', depth: 0 }];
  let values = 0;
  let chars = 0;
  let nulPath: string | null = null;
  while (stack.length > 0) {
    const { item, path, depth } = stack.pop()!;
    values += 1;
    if (values > INPUT_LIMITS.values) return INPUT_TOO_LARGE;
    if (typeof item === 'string') {
      chars += item.length;
      if (chars > INPUT_LIMITS.textChars) return INPUT_TOO_LARGE;
      if (nulPath === null && hasNul(item)) nulPath = path;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) return INPUT_TOO_DEEP;
    if (Array.isArray(item) && values + item.length > INPUT_LIMITS.values) return INPUT_TOO_LARGE;
    const entries: [string, unknown][] = Array.isArray(item) ? item.map((child, i) => [String(i), child]) : Object.entries(item);
    // Pushed in reverse so the first field is looked at first (the message names the first NUL).
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      const here = path ? `${path}.${key}` : key;
      chars += key.length;
      if (nulPath === null && !Array.isArray(item) && hasNul(key)) nulPath = here;
      stack.push({ item: child, path: here, depth: depth + 1 });
    }
  }
  if (nulPath === null) return null;
  return nulPath ? `The field "${nulPath}" ${NUL_MESSAGE}.` : `The input ${NUL_MESSAGE}.`;
}

/** The input check under its former name (it grew the depth and size bounds). */
export const nulMessage = inputMessage;

/** A Mongo-style id as the platform sends it; the reference server uses UUID strings. */
export const IdSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64), noNul('An id'));
export const LanguageSchema = v.picklist(LANGUAGES, 'Select a language!');
export const IsoDateSchema = v.pipe(v.string(), v.isoTimestamp());

/** The `{ message }` most mutations return. */
export const MessageSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageSchema>;

/** An empty input: calls without parameters. */
export const NoInputSchema = v.object({});

/** Any non-empty string bounded so a huge payload is refused before it is stored. */
export const boundedText = (max: number, requiredMessage?: string) =>
  v.pipe(v.string(), noNul(), v.trim(), v.nonEmpty(requiredMessage ?? 'Required'), v.maxLength(max));

/**
 * A date and time as the contract sends it (ISO 8601 with its zone; '' for none). A platform that sends
 * another form (DD/MM/YYYY, D-MM-YYYY, epoch seconds or milliseconds, ISO without a zone) is read by
 * the tolerant reader through `otherForm` and the record marked as read from another form.
 */
export const DateTimeSchema = v.pipe(
  v.string(),
  v.check(isIsoDateTime, 'a date and time (ISO 8601 with its zone)'),
  v.metadata({ otherForm: readDateTime, form: 'a date and time (ISO 8601 with its zone)' }),
);
