/**
 * A poster frame through main's handlers: the page's JPEG of a granted video becomes a granted image
 * file (files.saveFrame), and a queued bulk item's file is granted again for the page to take a frame
 * from (bulk.fileGrant).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import type { Result } from '../../src/shared/result';
import { writeVideos } from '../../src/main/services/bulk/testing';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-int-poster-'));
  h = await startHarness();
  await h.login();
});
afterAll(async () => {
  await h.close();
  await rm(root, { recursive: true, force: true });
});

describe('files.saveFrame', () => {
  it("keeps the page's JPEG of a granted video as a granted image file named after the video", async () => {
    const [video] = await writeVideos(join(root, 'videos'), ['Farm tour.mp4']);
    const jpeg = join(root, 'frame.jpg');
    const made = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=green:s=64x36', '-frames:v', '1', jpeg]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    const granted = expectOk(await h.grantFile(video!));
    const image = `data:image/jpeg;base64,${(await readFile(jpeg)).toString('base64')}`;
    const frame = expectOk(await h.call<{ grantId: string; name: string }>('files', 'saveFrame', { grantId: granted.grantId, image }));
    expect(frame.name).toBe('Farm tour-frame.jpg');
    expect(frame.grantId).not.toBe(granted.grantId);
  });
});

describe('bulk.fileGrant', () => {
  it("grants a queued item's file again (the page takes its frame through it)", async () => {
    await writeVideos(join(root, 'queued'), ['Dairy talk.mp4']);
    expectOk((await h.core.preloadHandlers.get(PRELOAD_CHANNELS.bulkDropped)!({ paths: [join(root, 'queued')] })) as Result<unknown>);
    const rows = expectOk(await h.call<{ rows: { id: string; file: { name: string } }[] }>('bulk', 'list', {})).rows;
    const item = rows.find((r) => r.file.name === 'Dairy talk.mp4')!;
    const grant = expectOk(await h.call<{ grantId: string; name: string; size: number }>('bulk', 'fileGrant', { id: item.id }));
    expect(grant.name).toBe('Dairy talk.mp4');
    expect(grant.size).toBeGreaterThan(0);
    expectOk(await h.call('bulk', 'remove', { ids: 'all' }));
  });
});
