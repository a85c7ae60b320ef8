/**
 * Fixtures of the library, moments and transcripts specs: media files made for the test (ffmpeg), the
 * open dialog's stand-in, and files created through window.api when a test needs one to start from.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LibraryFile, LibraryMediaCreateInput } from '../../src/shared/schemas/library';
import { BRIDGE_NEXT_DROP_PATH, BRIDGE_NEXT_PICK_PATH } from '../bridge/protocol';
import { unique } from './helpers';
import { hostApi } from './host-api';

let dir: string | null = null;
/** A temp folder of this test run for generated files. */
export function tempDir(): string {
  dir ??= mkdtempSync(join(tmpdir(), 'cc-e2e-media-'));
  return dir;
}

/** A small real video (test pattern + a tone, or silent) of `seconds` seconds; the name's extension picks the container. */
export function makeVideo(seconds = 2, name = `clip-${unique()}.mp4`, { audio = true, folder = tempDir() } = {}): string {
  const path = join(folder, name);
  const tone = audio ? ['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-shortest'] : [];
  execFileSync(
    'ffmpeg',
    // A comment of its own: ffmpeg makes the same bytes from the same arguments, and the bulk queue
    // remembers every content it uploaded from this host ("Uploaded before from this computer").
    ['-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=10`, ...tone, '-pix_fmt', 'yuv420p', '-metadata', `comment=${unique()}`, '-y', path],
    { stdio: 'pipe' },
  );
  return path;
}

/** A large file of zeros (sparse: instant to make) for cancel tests. */
export function makeLargeFile(bytes: number, name = `large-${unique()}.bin`): string {
  const path = join(tempDir(), name);
  execFileSync('truncate', ['-s', String(bytes), path]);
  return path;
}

/** A text file (captions) with this content. */
export function makeTextFile(name: string, text: string | Uint8Array): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

/** Queues what the next files.pick returns (the native open dialog's stand-in). */
export async function queuePick(request: APIRequestContext, path: string | null): Promise<void> {
  const answer = await request.post(BRIDGE_NEXT_PICK_PATH, { data: { path } });
  expect(answer.status()).toBe(204);
}

/** Queues the file the next drop stands for (the preload's webUtils.getPathForFile in the desktop app). */
export async function queueDrop(request: APIRequestContext, path: string | null): Promise<void> {
  const answer = await request.post(BRIDGE_NEXT_DROP_PATH, { data: { path } });
  expect(answer.status()).toBe(204);
}

/** Ids of seeded lookups a valid file needs (the host signed in). */
export async function lookups(): Promise<{ keyword: string; category: string; idea: string }> {
  const [k, c, i] = await Promise.all([hostApi.library.keywords(), hostApi.library.categories(), hostApi.businessIdeas.all()]);
  if (!k.ok || !c.ok || !i.ok) throw new Error(`lookups failed: ${JSON.stringify([k, c, i].filter((r) => !r.ok))}`);
  return { keyword: k.data[0]!._id, category: c.data[0]!._id, idea: i.data[0]!._id };
}

/**
 * Creates a library file through the host's window.api (the host signed in: hostSignedIn or signedIn) and
 * returns it as the list shows it.
 */
export async function createFile(request: APIRequestContext, options: { title?: string; video?: string; linkUrl?: string } = {}): Promise<LibraryFile> {
  const ids = await lookups();
  const title = options.title ?? `E2E file ${unique()}`;
  let file: { grantId: string } | undefined;
  if (options.video) {
    await queuePick(request, options.video);
    const picked = await hostApi.files.pick({ kind: 'media' });
    if (!picked.ok || !picked.data) throw new Error(`pick failed: ${JSON.stringify(picked)}`);
    file = { grantId: picked.data.grantId };
  }
  const input: LibraryMediaCreateInput = {
    title,
    description: 'Made by an end-to-end test.',
    language: 'English',
    visibility: 'Public',
    status: 'draft',
    level: 2,
    type: 'Interview',
    businessIdeas: [ids.idea],
    category: [ids.category],
    keywords: [ids.keyword],
    source: 'e2e',
    fileType: file ? 'video' : 'link',
    fileUrl: file ? '' : (options.linkUrl ?? `https://media.example.com/e2e/${encodeURIComponent(title)}-${Date.now()}.mp4`),
    duration: file ? 0 : 90,
    ...(file ? { file } : {}),
  };
  const created = await hostApi.library.createMedia(input);
  if (!created.ok) throw new Error(created.error.message);
  const list = await hostApi.library.mediaList();
  if (!list.ok) throw new Error(list.error.message);
  const found = list.data.find((f) => f.title === title);
  if (!found) throw new Error('created file not listed');
  return found;
}
