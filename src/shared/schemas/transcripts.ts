import * as v from 'valibot';
import { LANGUAGES } from '../constants';
import { APP_TEXT, MSG } from '../messages';
import { IdSchema } from './common';

/** HH:mm:ss, optionally with milliseconds (HH:mm:ss.mmm). */
export const CAPTION_TIMESTAMP_PATTERN = /^\d{2}:[0-5]\d:[0-5]\d(?:\.\d{1,3})?$/;
/** At most this many cues in one bulk import. */
export const MAX_BULK_TRANSCRIPTS = 5000;
/** Caption files main reads for the renderer are at most this large. */
export const MAX_CAPTION_FILE_BYTES = 2 * 1024 * 1024;

const transcriptFields = {
  videoId: IdSchema,
  timeStamp: v.pipe(v.string(APP_TEXT.enterCaptionTimestamp), v.trim(), v.nonEmpty(APP_TEXT.enterCaptionTimestamp), v.regex(CAPTION_TIMESTAMP_PATTERN, APP_TEXT.timestampFormat)),
  captionText: v.pipe(v.string(APP_TEXT.enterCaption), v.trim(), v.nonEmpty(APP_TEXT.enterCaption), v.maxLength(5000)),
  // A missing language reads as '' so that the spec's text is the message, not valibot's 'Invalid key'.
  language: v.pipe(v.optional(v.string(MSG.selectTranscriptLanguage), ''), v.picklist(LANGUAGES, MSG.selectTranscriptLanguage)),
};

/** A transcript line (spec 1 section 3): videoId is the library file's _id. */
export const TranscriptSchema = v.object({ _id: IdSchema, ...transcriptFields });
export type Transcript = v.InferOutput<typeof TranscriptSchema>;

/** GET /transcript/{videoId}: the lines (ordered by time) and the languages that have lines. */
export const TranscriptListSchema = v.object({
  transcripts: v.array(TranscriptSchema),
  languages: v.array(v.picklist(LANGUAGES)),
});
export const TranscriptDraftSchema = v.pick(TranscriptSchema, ['videoId', 'timeStamp', 'captionText', 'language']);
/** PUT /transcript/{id}: a language may be sent but must equal the stored one ('Cannot edit transcript language'). */
export const TranscriptUpdateSchema = v.object({
  id: IdSchema,
  timeStamp: transcriptFields.timeStamp,
  captionText: transcriptFields.captionText,
  language: v.optional(transcriptFields.language),
});
/** The transcript form (add and edit). */
export const TranscriptFormSchema = v.pick(TranscriptSchema, ['timeStamp', 'captionText', 'language']);

/** addition: POST /transcript/bulk, a .vtt/.srt import, stored all or nothing. */
export const TranscriptBulkSchema = v.object({
  videoId: IdSchema,
  language: transcriptFields.language,
  /** true: the language's existing lines of this video are replaced; false: the cues are added. */
  replace: v.optional(v.boolean(), false),
  entries: v.pipe(
    v.array(v.pick(TranscriptSchema, ['timeStamp', 'captionText'])),
    v.minLength(1, 'The caption file has no cues.'),
    v.maxLength(MAX_BULK_TRANSCRIPTS, `At most ${MAX_BULK_TRANSCRIPTS} cues in one import.`),
  ),
});
export type TranscriptBulk = v.InferInput<typeof TranscriptBulkSchema>;
