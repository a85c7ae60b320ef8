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
    }),
  ),
  audio: v.nullable(v.object({ codec: v.string(), channels: v.nullable(v.number()), sampleRate: v.nullable(v.number()) })),
  /** Bits per second over the whole file; null when unknown. */
  bitRate: v.nullable(v.number()),
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
} as const;

/** A codec learners' browsers and phones cannot play (HEVC, Windows Media video, MPEG-2), as it should be named. */
function unplayableCodec(video: NonNullable<MediaFacts['video']>): string | null {
  if (video.codec === 'HEVC') return 'HEVC (H.265)';
  if (video.codec === 'VC-1' || /^WMV/i.test(video.codec)) return 'Windows Media';
  if (video.codec === 'MPEG Video' && video.codecVersion !== '1') return 'MPEG-2';
  return null;
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
  } else if (fileType === 'video' && facts.audio) {
    out.push(MEDIA_WARNING_TEXT.noVideo);
  }
  if (facts.durationSeconds !== null && Math.round(facts.durationSeconds) > MAX_DURATION_SECONDS) out.push(MEDIA_WARNING_TEXT.tooLong(MAX_DURATION_HOURS));
  return out;
}
