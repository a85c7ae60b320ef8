import { NO_CAPTIONS, looksLikeCaptions, notCaptionFile, parseCaptionsDetailed, type CueDraft } from './captions';
import { LANGUAGES, type Language } from './constants';

/**
 * Captions that travel with their video: `talk.vtt`, `talk.srt`, or with a language suffix
 * (`talk.hi.srt`, `talk.Hindi.vtt`) beside `talk.mp4`. Pure: main finds the files, the queue imports them.
 */
const CODES: Record<string, Language> = {
  en: 'English', hi: 'Hindi', mr: 'Marathi', ta: 'Tamil', bn: 'Bengali', kn: 'Kannada', ml: 'Malayalam',
  gu: 'Gujarati', te: 'Telugu', pa: 'Punjabi', as: 'Assamese', or: 'Odia', od: 'Odia',
};
const BY_NAME = new Map(LANGUAGES.map((l) => [l.toLowerCase(), l]));
export const CAPTION_EXTENSIONS = ['.vtt', '.srt'] as const;

const stemOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * Whether `captionName` is a sidecar of the media file `mediaName` (same folder assumed), and its
 * language: the suffix's, or null when it has none (the video's own language then). Undefined when not
 * a sidecar of it (another base name, another extension, an unknown suffix).
 */
export function sidecarLanguage(mediaName: string, captionName: string): Language | null | undefined {
  const lower = captionName.toLowerCase();
  if (!CAPTION_EXTENSIONS.some((ext) => lower.endsWith(ext))) return undefined;
  const base = stemOf(mediaName);
  const stem = stemOf(captionName);
  if (stem === base) return null;
  if (!stem.startsWith(`${base}.`)) return undefined;
  const suffix = stem.slice(base.length + 1).toLowerCase();
  return CODES[suffix] ?? BY_NAME.get(suffix) ?? undefined;
}

/** The existing caption import's checks on a sidecar's text: its cues, or what is wrong (nothing is sent then). */
export function sidecarCues(text: string): { ok: true; cues: { timeStamp: string; captionText: string }[] } | { ok: false; message: string } {
  const drafts: CueDraft[] = parseCaptionsDetailed(text);
  if (drafts.length === 0) return { ok: false, message: NO_CAPTIONS };
  if (!looksLikeCaptions(text)) return { ok: false, message: notCaptionFile() };
  const bad = drafts.filter((d) => d.error);
  if (bad.length > 0) {
    const first = bad[0]!;
    return { ok: false, message: `${bad.length === 1 ? '1 cue has' : `${bad.length} cues have`} errors, the first: ${first.error}` };
  }
  return { ok: true, cues: drafts.map((d) => ({ timeStamp: d.timeStamp, captionText: d.captionText })) };
}
