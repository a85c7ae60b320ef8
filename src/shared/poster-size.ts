import { THUMBNAIL_SUGGESTED } from './schemas/library';

/**
 * The size of a poster frame of a `width` x `height` video: the video's own aspect, as large as fits
 * the suggested 1280 x 720 (a 16:9 video gives exactly that; a portrait phone video 405 x 720).
 */
export function posterSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(THUMBNAIL_SUGGESTED.width / width, THUMBNAIL_SUGGESTED.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
