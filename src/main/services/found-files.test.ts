import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXT } from '../../shared/messages';
import { sniffFileType } from './bulk/sniff';
import { writeVideo } from './bulk/testing';
import { openFoundFile, readFoundFile } from './grants';
import { MediaFactsService } from './media-facts';

// Files main opens by a path it found itself (a folder's scan, a caption file beside a video) are opened
// as grants are: a FIFO must not block (the open returns at once and is refused), a symbolic link is not
// followed, only a regular file is read. Without O_NONBLOCK these tests hang on the FIFO and time out.

const posix = process.platform !== 'win32';
let dir = '';
let video = '';
let fifo = '';
let link = '';
let folder = '';
const media = new MediaFactsService();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cc-found-'));
  video = await writeVideo(join(dir, 'talk.mp4'));
  fifo = join(dir, 'pipe.mp4');
  if (posix) expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  link = join(dir, 'link.mp4');
  await symlink(video, link);
  folder = join(dir, 'folder.mp4');
  await mkdir(folder);
});
afterAll(async () => {
  await media.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!posix)('files found by path', () => {
  it('openFoundFile: a regular file opens; a FIFO, a folder, a link and a missing file are refused', async () => {
    const { handle, info } = await openFoundFile(video);
    expect(info.isFile()).toBe(true);
    await handle.close();
    await expect(openFoundFile(fifo)).rejects.toThrow(APP_TEXT.notAFile);
    await expect(openFoundFile(folder)).rejects.toThrow(APP_TEXT.notAFile);
    await expect(openFoundFile(link)).rejects.toThrow(APP_TEXT.foundLink);
    await expect(openFoundFile(join(dir, 'gone.mp4'))).rejects.toThrow(APP_TEXT.fileMissing);
  });

  it('readFoundFile: reads at most the bound; refuses a FIFO and a link', async () => {
    expect(await readFoundFile(video, 1_000_000, 'too large')).toEqual(await readFile(video));
    await expect(readFoundFile(video, 100, 'too large')).rejects.toThrow('too large');
    await expect(readFoundFile(fifo, 100, 'too large')).rejects.toThrow(APP_TEXT.notAFile);
    await expect(readFoundFile(link, 1_000_000, 'too large')).rejects.toThrow(APP_TEXT.foundLink);
  });

  it("the bulk queue's type sniffing: a FIFO and a link are refused, a file read", async () => {
    expect(await sniffFileType(video, 'talk.mp4')).toBe('video');
    await expect(sniffFileType(fifo, 'pipe.mp4')).rejects.toThrow(APP_TEXT.notAFile);
    await expect(sniffFileType(link, 'link.mp4')).rejects.toThrow(APP_TEXT.foundLink);
  });

  it('media facts and hashes of a path: a FIFO and a link are refused, a file hashed', async () => {
    expect(await media.hashOfPath(video)).toBe(createHash('sha256').update(await readFile(video)).digest('hex'));
    await expect(media.factsOfPath(fifo)).rejects.toThrow(APP_TEXT.notAFile);
    await expect(media.hashOfPath(fifo)).rejects.toThrow(APP_TEXT.notAFile);
    await expect(media.factsOfPath(link)).rejects.toThrow(APP_TEXT.foundLink);
    await expect(media.hashOfPath(link)).rejects.toThrow(APP_TEXT.foundLink);
  });
});
