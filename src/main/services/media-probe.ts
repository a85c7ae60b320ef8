import { parseFile } from 'music-metadata';
import { APP_TEXT } from '../../shared/messages';

/**
 * The duration of an audio or video file in whole seconds, read from its header (mp4, webm, mp3,
 * ...). Throws an Error with a clear message when the file has none.
 */
export async function probeDuration(path: string): Promise<number> {
  let duration: number | undefined;
  try {
    const meta = await parseFile(path, { duration: false, skipCovers: true });
    duration = meta.format.duration;
  } catch {
    duration = undefined;
  }
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) throw new Error(APP_TEXT.noDuration);
  return Math.round(duration);
}
