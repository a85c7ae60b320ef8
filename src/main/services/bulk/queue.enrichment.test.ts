import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/result';
import { APP_TEXT } from '../../../shared/messages';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { MediaFactsService } from '../media-facts';
import { VALID_PATCH, until, writeVideos } from './testing';
import { root, server, openQueue, useQueueHarness } from './queue-harness';

useQueueHarness();

describe('enrichment: captions beside a video, probes of files that change', () => {
  it('captions beside a video are imported as its transcripts after its upload, checked as the caption import checks them', async () => {
    const folder = join(root, 'talks');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder, 'talk.hi.srt'), '1\n00:00:01,000 --> 00:00:02,500\nNamaste\n\n2\n00:01:00,000 --> 00:01:03,000\nDhanyavaad\n');
    await writeFile(join(folder, 'talk.vtt'), 'WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nBackwards\n');
    await writeFile(join(folder, 'talks.srt'), '1\n00:00:01,000 --> 00:00:02,000\nNot ours\n');
    const imported: { recordId: string; language: string; cues: unknown[] }[] = [];
    const importCaptions = async (recordId: string, language: string, cues: unknown[]) => {
      imported.push({ recordId, language, cues });
      return ok({ count: cues.length });
    };
    const { queue } = await openQueue({ importCaptions });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', { ...VALID_PATCH, language: 'Marathi' });
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    expect(queue.get(added.added)[0]!.captions.map((c) => [c.name, c.language, c.state])).toEqual([
      ['talk.hi.srt', 'Hindi', 'pending'],
      ['talk.vtt', null, 'pending'],
    ]);
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions.every((c) => c.state !== 'pending'), 'captions');
    const row = queue.get(added.added)[0]!;
    expect(imported).toEqual([{ recordId: row.recordId, language: 'Hindi', cues: [{ timeStamp: '00:00:01', captionText: 'Namaste' }, { timeStamp: '00:01:00', captionText: 'Dhanyavaad' }] }]);
    expect(row.captions).toEqual([
      { name: 'talk.hi.srt', language: 'Hindi', state: 'imported', message: '2 Hindi lines imported' },
      { name: 'talk.vtt', language: null, state: 'failed', message: '1 cue has errors, the first: The cue ends before it starts (line 3).' },
    ]);
  });

  it('captions refused for want of a session stay pending and are imported at the next start', async () => {
    const folder = join(root, 'later');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(folder, 'talk.srt'), '1\n00:00:01,000 --> 00:00:02,000\nHello\n');
    let signedIn = false;
    const importCaptions = async (_recordId: string, _language: string, cues: unknown[]) => (signedIn ? ok({ count: cues.length }) : fail('auth', 'Your session has ended. Please log in again.', 401));
    const { queue } = await openQueue({ importCaptions });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.state === 'done', 'uploaded');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queue.get(added.added)[0]!.captions.map((c) => c.state)).toEqual(['pending']);
    signedIn = true;
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions[0]!.state === 'imported', 'imported after the start');
  });

  it.skipIf(process.platform === 'win32')('a file replaced by a FIFO or a link while it is probed: its probe ends without it, and the next files are probed', async () => {
    const media = new MediaFactsService();
    try {
      const folder = join(root, 'swapped');
      const [piped, linked, kept] = await writeVideos(folder, ['piped.mp4', 'linked.mp4', 'kept.mp4']);
      const [elsewhere] = await writeVideos(join(root, 'elsewhere'), ['other.mp4']);
      const swapped = new Set<string>();
      // After the type is read from the file, before its facts: another thing is put at its path.
      const readFacts = async (path: string) => {
        if (!swapped.has(path) && (path === piped || path === linked)) {
          swapped.add(path);
          await rm(path);
          if (path === piped) expect(spawnSync('mkfifo', [path]).status).toBe(0);
          else await symlink(elsewhere!, path);
        }
        return media.factsOfPath(path);
      };
      const { queue } = await openQueue({ readFacts, hashFile: (path) => media.hashOfPath(path) });
      const added = await queue.add([{ path: piped! }, { path: linked! }]);
      await until(() => queue.get(added.added).every((r) => r.probe !== 'pending'), 'the replaced files probed');
      // The next file is probed as before: its content hashed (duplicates are found by it).
      const next = await queue.add([{ path: kept! }]);
      await until(() => queue.get(next.added)[0]!.probe !== 'pending', 'the next file probed');
      const hashOf = (id: string) => queue.storedItems().find((stored) => stored.id === id)?.hash;
      expect(hashOf(next.added[0]!)).toBe(createHash('sha256').update(await readFile(kept!)).digest('hex'));
      // Nothing was read through the FIFO or the link: no facts, no hash (not the linked file's).
      expect(queue.get(added.added).map((r) => [r.probe, r.duration])).toEqual([['none', 0], ['none', 0]]);
      expect(added.added.map(hashOf)).toEqual([null, null]);
    } finally {
      await media.close();
    }
  });

  it.skipIf(process.platform === 'win32')('caption files that are a FIFO or a link are not read: they fail with why, the upload is not held', async () => {
    const folder = join(root, 'odd captions');
    const [talk] = await writeVideos(folder, ['talk.mp4']);
    expect(spawnSync('mkfifo', [join(folder, 'talk.srt')]).status).toBe(0);
    await writeFile(join(root, 'secret.srt'), '1\n00:00:01,000 --> 00:00:02,000\nNot for the server\n');
    await symlink(join(root, 'secret.srt'), join(folder, 'talk.hi.srt'));
    const imported: unknown[] = [];
    const { queue } = await openQueue({ importCaptions: async (_recordId, _language, cues) => (imported.push(cues), ok({ count: cues.length })) });
    const added = await queue.add([{ path: talk! }]);
    queue.edit('all', VALID_PATCH);
    await until(() => queue.get(added.added)[0]!.probe !== 'pending');
    server.auto = () => 'store';
    queue.start();
    await until(() => queue.get(added.added)[0]!.captions.every((c) => c.state !== 'pending'), 'captions');
    expect(queue.get(added.added)[0]!.captions).toEqual([
      { name: 'talk.hi.srt', language: 'Hindi', state: 'failed', message: APP_TEXT.foundLink },
      { name: 'talk.srt', language: null, state: 'failed', message: APP_TEXT.notAFile },
    ]);
    expect(imported).toEqual([]);
  });

});
