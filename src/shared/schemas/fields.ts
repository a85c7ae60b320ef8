import * as v from 'valibot';
import { IdSchema } from './common';

/*
 * Field schemas for required form fields whose message the spec gives. A missing field reads as empty,
 * so it gets the spec's text ('Select a language!') rather than valibot's "Invalid key" or the server's
 * generic 'The field "x" is required.'.
 */

/** Required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (message: string, max: number, tooLong: string) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong));

/** Optional text: trimmed, '' when absent, at most `max` characters. */
export const optionalText = (max: number, tooLong: string) => v.pipe(v.optional(v.string(tooLong), ''), v.trim(), v.maxLength(max, tooLong));

/** One of a fixed list. */
export const requiredPick = <const T extends readonly string[]>(options: T, message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.picklist(options, message));

/** At least one id (groups, business ideas, mentors), at most `max`; repeats kept once. */
export const requiredIds = (message: string, max: number) =>
  v.pipe(
    v.optional(v.array(IdSchema, message), []),
    v.transform((ids: string[]) => [...new Set(ids)]),
    v.minLength(1, message),
    v.maxLength(max),
  );
