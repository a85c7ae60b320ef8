import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXT } from '../../shared/messages';
import { GrantStore } from './grants';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cc-grants-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Gives files of the same length the same timestamps: a size-and-mtime check cannot tell them apart. */
async function lookAlike(...files: string[]): Promise<void> {
  const when = new Date('2026-01-02T03:04:05.000Z');
  for (const file of files) await utimes(file, when, when);
}

describe('GrantStore', () => {
  it('grants a regular file by its real path and reads it through the check', async () => {
    const file = join(dir, 'a.vtt');
    await writeFile(file, 'WEBVTT\n');
    const link = join(dir, 'a-link.vtt');
    await symlink(file, link);
    const store = new GrantStore();
    const grant = await store.grant(link);
    expect(grant.path).toBe(file);
    expect(grant.name).toBe('a.vtt');
    const { bytes } = await store.readAll(grant.id, 100, 'too large');
    expect(bytes.toString()).toBe('WEBVTT\n');
  });

  it('refuses relative paths, folders, devices and FIFOs at grant time', async () => {
    const store = new GrantStore();
    await expect(store.grant('../../etc/hostname')).rejects.toThrow(APP_TEXT.fileMissing);
    await expect(store.grant('')).rejects.toThrow(APP_TEXT.fileMissing);
    await mkdir(join(dir, 'folder'));
    await expect(store.grant(join(dir, 'folder'))).rejects.toThrow(APP_TEXT.notAFile);
    await expect(store.grant('/dev/null')).rejects.toThrow(APP_TEXT.notAFile);
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(store.grant(fifo)).rejects.toThrow(APP_TEXT.notAFile);
  });

  it('refuses another file swapped in at the granted path, even with the same size and mtime', async () => {
    const file = join(dir, 'clip.mp4');
    const other = join(dir, 'other.mp4');
    await writeFile(file, 'original-bytes');
    await writeFile(other, 'swapped!-bytes');
    await lookAlike(file, other);
    const store = new GrantStore();
    const grant = await store.grant(file);
    expect((await stat(other)).mtimeMs).toBe(grant.mtime);
    await rename(other, file);
    await expect(store.use(grant.id)).rejects.toThrow(APP_TEXT.fileChanged);
    await expect(store.readAll(grant.id, 100, 'too large')).rejects.toThrow(APP_TEXT.fileChanged);
  });

  it('refuses a symlink put in place of the granted file', async () => {
    const file = join(dir, 'b.mp4');
    const secret = join(dir, 'secret.txt');
    await writeFile(file, 'same-length');
    await writeFile(secret, 'not-for-you');
    await lookAlike(file, secret);
    const store = new GrantStore();
    const grant = await store.grant(file);
    await rm(file);
    await symlink(secret, file);
    await expect(store.use(grant.id)).rejects.toThrow(APP_TEXT.fileChanged);
  });

  it('refuses a FIFO put in place of the granted file without hanging', async () => {
    const file = join(dir, 'c.mp4');
    await writeFile(file, '');
    const store = new GrantStore();
    const grant = await store.grant(file);
    await rm(file);
    execFileSync('mkfifo', [file]);
    await expect(store.use(grant.id)).rejects.toThrow(APP_TEXT.fileChanged);
  });

  it('refuses a changed or vanished file and an unknown id', async () => {
    const file = join(dir, 'd.txt');
    await writeFile(file, 'one');
    const store = new GrantStore();
    const grant = await store.grant(file);
    await writeFile(file, 'three');
    await expect(store.use(grant.id)).rejects.toThrow(APP_TEXT.fileChanged);
    await rm(file);
    await expect(store.use(grant.id)).rejects.toThrow(APP_TEXT.fileMissing);
    await expect(store.use('nope')).rejects.toThrow(APP_TEXT.fileNotGranted);
  });

  it.runIf(existsSync('/proc/self/status'))('caps the bytes actually read, not the size the file reports', async () => {
    // /proc files report size 0 but hold more: the cap counts what is read.
    const store = new GrantStore();
    const grant = await store.grant('/proc/self/status');
    expect(grant.size).toBe(0);
    await expect(store.readAll(grant.id, 16, 'too large')).rejects.toThrow('too large');
  });
});
