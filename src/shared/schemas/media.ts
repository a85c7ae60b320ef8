import * as v from 'valibot';
import { MAX_DURATION_HOURS, MAX_DURATION_SECONDS, type FileType } from './library';

/**
 * What main reads from a media file's own structure (DESIGN section 15, src/main/services/media-facts.ts):
 * the container, the first video and audio tracks, the duration. Null where the file does not say.
 */
export const MediaFactsSchema = v.object({
  /** Seconds (fractional); null when the file has no readable duration. */
  durationSeconds: v.nullable(v.number()),
  /** The container as MediaInfo names it ("MPEG-4", "Matroska", "AVI", "Wave", ...); null when unknown. */
  container: v.nullable(v.string()),
  /** The container's profile, where it tells containers apart ("QuickTime" for a .mov). */
  containerProfile: v.nullable(v.string()),
  video: v.nullable(
    v.object({
      /** "AVC", "HEVC", "MPEG-4 Visual", "VP9", "VC-1", "MPEG Video", ... */
      codec: v.string(),
      /** MPEG Video's version ("2" for MPEG-2); null for other codecs. */
      codecVersion: v.nullable(v.string()),
      width: v.nullable(v.number()),
      height: v.nullable(v.number()),
      frameRate: v.nullable(v.number()),
      /** Degrees the picture is turned when shown (a portrait phone video: 90 or 270); 0 or absent: none. */
      rotation: v.optional(v.nullable(v.number())),
      /** The transfer characteristics: "PQ" or "HLG" for HDR, "BT.709" for SDR; null when the file does not say. */
      transfer: v.optional(v.nullable(v.string())),
      /** Bits per sample (8 for most video, 10 for HDR and some exports). */
      bitDepth: v.optional(v.nullable(v.number())),
      /** "CFR" (constant) or "VFR" (variable, most phones), as the file says. */
      frameRateMode: v.optional(v.nullable(v.string())),
    }),
  ),
  audio: v.nullable(v.object({ codec: v.string(), channels: v.nullable(v.number()), sampleRate: v.nullable(v.number()) })),
  /** Bits per second over the whole file; null when unknown. */
  bitRate: v.nullable(v.number()),
  /** The file ends before its own structure says it should (a copy or download that stopped). */
  truncated: v.optional(v.boolean()),
  /** The picture format when the file is a still image ("JPEG", "PNG"), else null. */
  image: v.optional(v.nullable(v.string())),
});
export type MediaFacts = v.InferOutput<typeof MediaFactsSchema>;

/** The library file type the facts show: a video track makes a video, an audio track alone an audio. */
export function fileTypeOfFacts(facts: MediaFacts): FileType {
  if (facts.video) return 'video';
  if (facts.audio) return 'audio';
  return 'other';
}

/** The longest side above which a picture is far more than the platform needs (it suggests 1280 x 720): 4K and up warn, 1440p does not. */
export const LARGE_SIDE = 2560;

/** The warnings' texts (the project's own: the spec has none). Each says what it means; none blocks. */
export const MEDIA_WARNING_TEXT = {
  codec: (codec: string) =>
    `${codec} video: browsers and many learners' phones cannot play it. Convert it to H.264 (MP4) if learners must watch it.`,
  resolution: (width: number, height: number) =>
    `${width} x ${height}: far above what the platform needs (1280 x 720 suggested). A smaller copy uploads faster and plays on slow connections.`,
  noVideo: 'This file has no video track: learners will hear it but see nothing. Choose Audio as the file type if that is meant.',
  tooLong: (hours: number) =>
    `This file is longer than a library file may be (${hours} hours 59 minutes 59 seconds): its duration cannot be entered as it is.`,
  hdr: (transfer: string) =>
    `HDR video (${transfer}): it looks washed out on most learners' screens. Re-export it as SDR (BT.709) H.264 video with AAC sound.`,
  rotation: (degrees: number) =>
    `The video is stored turned by ${degrees} degrees and shows upright only where its rotation is kept. If you re-export it, keep the rotation (or turn the picture itself).`,
} as const;

/** What the media library makes of a file, shown before it is sent (Add File, Bulk Upload, the folder import): one set of words. */
export const MEDIA_VERDICT_TEXT = {
  playable: 'Playable',
  warning: 'Playable, with a warning',
  unplayable: 'Not a playable video or audio file',
  empty: 'The file is empty (0 bytes). Copy it again from where it was made.',
  notMedia: 'Its content is not video or audio, whatever its name says. Choose the video or audio file itself.',
  image: (format: string) => `It is a picture (${format}), not a video. Choose the video file; a picture can be added as a thumbnail.`,
  cutShort: 'It is cut short: the end of the file is missing (a copy or download that stopped). Copy it again from the phone or drive.',
  indexMissing:
    'Its index is missing, so nothing in it can be played (phones write the index at the very end: a copy that stopped early has none). Copy it again from the phone or drive.',
  held: 'Held: it is not sent until you remove it or choose Send anyway.',
} as const;

export const UNPLAYABLE_REASONS = ['empty', 'not-media', 'image', 'cut-short', 'index-missing'] as const;
export type UnplayableReason = (typeof UNPLAYABLE_REASONS)[number];

/**
 * A file's verdict before upload: playable (its facts say nothing to fix), playable with warnings (what
 * learners will see and what to do), or not playable (why, in `reason` and `text`).
 */
export const MediaVerdictSchema = v.variant('kind', [
  v.object({ kind: v.literal('playable') }),
  v.object({ kind: v.literal('warning'), warnings: v.array(v.string()) }),
  v.object({ kind: v.literal('unplayable'), reason: v.picklist(UNPLAYABLE_REASONS), text: v.string() }),
]);
export type MediaVerdict = v.InferOutput<typeof MediaVerdictSchema>;

/** The verdict's heading and its first line of detail, as every screen shows them. */
export function verdictWords(verdict: MediaVerdict): { title: string; detail: string | null } {
  if (verdict.kind === 'playable') return { title: MEDIA_VERDICT_TEXT.playable, detail: null };
  if (verdict.kind === 'warning') return { title: MEDIA_VERDICT_TEXT.warning, detail: verdict.warnings[0] ?? null };
  return { title: MEDIA_VERDICT_TEXT.unplayable, detail: verdict.text };
}

/**
 * The verdict of a file meant as video or audio (by its name or its first bytes), from its size and the
 * facts the media library read (null: it was not read as media at all, e.g. its first bytes are not a
 * container's). `fileType` is the type it will be stored as (a video track alone makes no warning about sound).
 */
export function mediaVerdict(input: { size: number; facts: MediaFacts | null; fileType: FileType }): MediaVerdict {
  const { size, facts } = input;
  const no = (reason: UnplayableReason, text: string): MediaVerdict => ({ kind: 'unplayable', reason, text });
  if (size === 0) return no('empty', MEDIA_VERDICT_TEXT.empty);
  if (!facts) return no('not-media', MEDIA_VERDICT_TEXT.notMedia);
  const tracks = !!facts.video || !!facts.audio;
  if (!tracks && facts.image) return no('image', MEDIA_VERDICT_TEXT.image(facts.image));
  // An MP4 or QuickTime file without its index (the moov box) has no tracks to read: cut before the index.
  const isoMedia = facts.container === 'MPEG-4' || facts.container === 'QuickTime';
  if (!tracks) {
    if (isoMedia) return no('index-missing', MEDIA_VERDICT_TEXT.indexMissing);
    return no(facts.truncated ? 'cut-short' : 'not-media', facts.truncated ? MEDIA_VERDICT_TEXT.cutShort : MEDIA_VERDICT_TEXT.notMedia);
  }
  if (facts.truncated) return no('cut-short', MEDIA_VERDICT_TEXT.cutShort);
  const warnings = mediaWarnings(facts, input.fileType === 'other' ? fileTypeOfFacts(facts) : input.fileType);
  return warnings.length ? { kind: 'warning', warnings } : { kind: 'playable' };
}

/** A codec learners' browsers and phones cannot play (HEVC, ProRes, Windows Media video, MPEG-2), as it should be named. */
function unplayableCodec(video: NonNullable<MediaFacts['video']>): string | null {
  if (video.codec === 'HEVC') return 'HEVC (H.265)';
  if (video.codec === 'ProRes') return 'ProRes';
  if (video.codec === 'VC-1' || /^WMV/i.test(video.codec)) return 'Windows Media';
  if (video.codec === 'MPEG Video' && video.codecVersion !== '1') return 'MPEG-2';
  return null;
}

/** "PQ" or "HLG" when the transfer is HDR (MediaInfo also says "SMPTE ST 2084" or "ARIB STD-B67"), else null. */
export function hdrTransfer(transfer: string | null | undefined): 'PQ' | 'HLG' | null {
  if (!transfer) return null;
  if (/^PQ$|2084/i.test(transfer)) return 'PQ';
  if (/^HLG$|B67/i.test(transfer)) return 'HLG';
  return null;
}

/** The rotation in whole degrees, 0 to 359 (MediaInfo says "270.000"; some files -90). */
export function rotationOf(video: NonNullable<MediaFacts['video']>): number {
  const r = Math.round(video.rotation ?? 0) % 360;
  return r < 0 ? r + 360 : r;
}

/**
 * What a person should know about a file before it is sent, from its facts and the type it will be
 * stored as. Warnings only: the upload goes ahead whatever they say.
 */
export function mediaWarnings(facts: MediaFacts, fileType: FileType): string[] {
  const out: string[] = [];
  if (facts.video) {
    const codec = unplayableCodec(facts.video);
    if (codec) out.push(MEDIA_WARNING_TEXT.codec(codec));
    const { width, height } = facts.video;
    if (width && height && Math.max(width, height) > LARGE_SIDE) {
      out.push(MEDIA_WARNING_TEXT.resolution(width, height));
    }
    const transfer = hdrTransfer(facts.video.transfer);
    if (transfer) out.push(MEDIA_WARNING_TEXT.hdr(transfer));
    const turned = rotationOf(facts.video);
    if (turned) out.push(MEDIA_WARNING_TEXT.rotation(turned));
  } else if (fileType === 'video' && facts.audio) {
    out.push(MEDIA_WARNING_TEXT.noVideo);
  }
  if (facts.durationSeconds !== null && Math.round(facts.durationSeconds) > MAX_DURATION_SECONDS) out.push(MEDIA_WARNING_TEXT.tooLong(MAX_DURATION_HOURS));
  return out;
}
