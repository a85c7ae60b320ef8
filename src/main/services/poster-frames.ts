import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { imageContentMessage, isImageContent } from '../../shared/image-signature';
import { GrantError, type Grant, type GrantStore } from './grants';

/**
 * Poster frames: the page draws a frame of a granted video to a canvas and hands main the encoded
 * image; main writes it to a file of its own in userData and grants it, so the thumbnail goes up
 * through the same multipart upload (and its image check) as a chosen image. The page never names a
 * path: main picks the folder and the name (the video's name, "-frame", the image's extension).
 */

/** The largest frame main takes (a 1280 x 720 JPEG is some 100 to 300 KB; a PNG at most a few MB). */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** How long a frame is kept: long enough for a queue left for a while. */
export const FRAME_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const DATA_URL = /^data:image\/(jpeg|png);base64,([A-Za-z0-9+/]+={0,2})$/;

export class PosterFrames {
  constructor(
    private readonly dir: string,
    private readonly grants: GrantStore,
  ) {}

  /**
   * Removes frames older than `maxAgeMs`. A queued bulk item keeps its frame's path across restarts, so
   * recent frames stay; a frame removed under an old queue item is reported there as a thumbnail
   * that must be chosen again.
   */
  async prune(maxAgeMs = FRAME_KEEP_MS, now = Date.now()): Promise<void> {
    const folders = await readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders) {
      const path = join(this.dir, folder);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > maxAgeMs) await rm(path, { recursive: true, force: true });
    }
  }

  /**
   * Writes the frame of the granted video `videoGrantId` (a `data:image/jpeg|png;base64,` URL) and
   * grants the file. Throws GrantError for an unknown video, anything but a JPEG or PNG, or a frame
   * over MAX_FRAME_BYTES.
   */
  async save(videoGrantId: string, dataUrl: string): Promise<Grant> {
    const video = await this.grants.use(videoGrantId);
    const match = DATA_URL.exec(dataUrl);
    if (!match) throw new GrantError('The frame is not a JPEG or PNG image.');
    const bytes = Buffer.from(match[2]!, 'base64');
    if (bytes.length > MAX_FRAME_BYTES) throw new GrantError('The frame is too large for a thumbnail.');
    const name = `${parse(video.name).name}-frame.${match[1] === 'png' ? 'png' : 'jpg'}`;
    if (!isImageContent(name, bytes)) throw new GrantError(imageContentMessage(name));
    // A folder per frame: the file keeps the video's name, and two frames of one video never collide.
    const folder = join(this.dir, randomUUID());
    await mkdir(folder, { recursive: true });
    const path = join(folder, name);
    await writeFile(path, bytes, { flag: 'wx' });
    return this.grants.grant(path);
  }
}
