import * as v from 'valibot';
import { LANGUAGES } from '../constants';

/** A Mongo-style id as the platform sends it; the reference server uses UUID strings. */
export const IdSchema = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64));
export const LanguageSchema = v.picklist(LANGUAGES, 'Select a language!');
export const IsoDateSchema = v.pipe(v.string(), v.isoTimestamp());

/** The `{ message }` most mutations return. */
export const MessageSchema = v.object({ message: v.string() });
export type MessageResponse = v.InferOutput<typeof MessageSchema>;

/** An empty input: calls without parameters. */
export const NoInputSchema = v.object({});

/** Any non-empty string bounded so a huge payload is refused before it is stored. */
export const boundedText = (max: number, requiredMessage?: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(requiredMessage ?? 'Required'), v.maxLength(max));
