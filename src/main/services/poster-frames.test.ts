import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXT } from '../../shared/messages';
import { IMAGE_SIGNATURE_BYTES, imageContentMessage, isImageContent } from '../../shared/image-signature';
import { GrantStore } from './grants';
import { byteRange, grantMedia } from './grant-media';
import { PosterFrames } from './poster-frames';

let dir: string;
let video: string;
let jpeg: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cc-frames-'));
  video = join(dir, 'talk.mp4');
  await writeFile(video, Buffer.alloc(3000, 7));
  // A real JPEG, as a canvas encodes one (ffmpeg stands in for the page's canvas here).
  const picture = join(dir, 'frame.jpg');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1', '-y', picture]);
  jpeg = await readFile(picture);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`;

describe('PosterFrames', () => {
  it('writes the frame to its own folder and grants it: an image file named after the video that passes the image check', async () => {
    const grants = new GrantStore();
    const frames = new PosterFrames(join(dir, 'frames'), grants);
    const source = await grants.grant(video);
    const grant = await frames.save(source.id, dataUrl('jpeg', jpeg));
    expect(grant.name).toBe('talk-frame.jpg');
    expect(dirname(dirname(grant.path))).toBe(join(dir, 'frames'));
    // The bytes the upload will send are the frame's, and the upload's image check passes them.
    const { bytes } = await grants.readAll(grant.id, jpeg.length, 'too large');
    expect(bytes.equals(jpeg)).toBe(true);
    expect(isImageContent(grant.name, bytes.subarray(0, IMAGE_SIGNATURE_BYTES))).toBe(true);
    // A second frame of the same video is another file: the first stays as it was granted.
    const again = await frames.save(source.id, dataUrl('jpeg', jpeg));
    expect(again.path).not.toBe(grant.path);
    await expect(grants.use(grant.id)).resolves.toMatchObject({ path: grant.path });
    // Pruning keeps recent frames (a queued item may hold one across restarts) and removes old ones.
    await frames.prune();
    expect(existsSync(grant.path)).toBe(true);
    await frames.prune(60_000, Date.now() + 120_000);
    expect(existsSync(grant.path)).toBe(false);
    expect(existsSync(again.path)).toBe(false);
  });

  it('refuses what is not the image it says, other types, and a video that was never granted', async () => {
    const grants = new GrantStore();
    const frames = new PosterFrames(join(dir, 'refused'), grants);
    const source = await grants.grant(video);
    await expect(frames.save(source.id, dataUrl('jpeg', Buffer.from('<html>not a picture</html>')))).rejects.toThrow(imageContentMessage('talk-frame.jpg'));
    await expect(frames.save(source.id, dataUrl('png', jpeg))).rejects.toThrow(imageContentMessage('talk-frame.png'));
    await expect(frames.save(source.id, dataUrl('svg+xml', Buffer.from('<svg/>')))).rejects.toThrow('The frame is not a JPEG or PNG image.');
    await expect(frames.save('no-such-grant', dataUrl('jpeg', jpeg))).rejects.toThrow(APP_TEXT.fileNotGranted);
    expect(existsSync(join(dir, 'refused'))).toBe(false);
  });
});

describe('grantMedia', () => {
  it('streams a granted file with Range for the page\'s <video>, and nothing of a file not granted', async () => {
    const grants = new GrantStore();
    const source = await grants.grant(video);
    const whole = await grantMedia(grants, source.id, null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect((await whole.arrayBuffer()).byteLength).toBe(3000);
    const part = await grantMedia(grants, source.id, 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/3000');
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await grantMedia(grants, source.id, 'bytes=5000-')).status).toBe(416);
    expect((await grantMedia(grants, 'not-granted', null)).status).toBe(404);
  });

  it('reads Range headers as a player sends them', () => {
    expect(byteRange(null, 10)).toBeNull();
    expect(byteRange('bytes=0-', 10)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=-4', 10)).toEqual({ start: 6, end: 9 });
    expect(byteRange('bytes=2-50', 10)).toEqual({ start: 2, end: 9 });
    expect(byteRange('bytes=10-', 10)).toBe('bad');
  });
});
