import * as v from 'valibot';
import { LANGUAGES } from '../constants';

/**
 * NUL characters: PostgreSQL cannot store them in text and no form can type one, so any text or id
 * holding one is refused (400) before it reaches a query.
 */
export const NUL_MESSAGE = 'must not contain a NUL character (\\0)';
const hasNul = (text: string): boolean => text.includes('\u0000');
/** A string check for the shared string schemas. */
export const noNul = (what = 'The text') => v.check<string, string>((text) => !hasNul(text), `${what} ${NUL_MESSAGE}.`);

/**
 * The first text holding a NUL anywhere in an input (keys, values, nested objects and arrays), as a
 * message naming its field; null when there is none. Main and the reference server run it on every
 * input before its schema, so no schema (today's or a new one) can let a NUL through.
 */
export function nulMessage(value: unknown): string | null {
  const walk = (item: unknown, path: string): string | null => {
    if (typeof item === 'string') return hasNul(item) ? path : null;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i += 1) {
        const found = walk(item[i], `${path}.${i}`);
        if (found !== null) return found;
      }
      return null;
    }
    if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const here = path ? `${path}.${key}` : key;
        if (hasNul(key)) return here;
        const found = walk(child, here);
        if (found !== null) return found;
      }
    }
    return null;
  };
  const path = walk(value, '');
  if (path === null) return null;
  return path ? `The field "${path.replace(/^\./, '')}" ${NUL_MESSAGE}.` : `The input ${NUL_MESSAGE}.`;
}

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
