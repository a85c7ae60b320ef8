import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TEXT } from '../../shared/messages';
import { fileTypeOfFacts, hdrTransfer, MEDIA_VERDICT_TEXT, mediaVerdict, mediaWarnings, rotationOf, type MediaFacts } from '../../shared/schemas/media';
import { ffprobeDuration, ffprobeVideo, HOSTILE_MATRIX, makeHostile, makeMatrix, MEDIA_MATRIX } from '../../../tests/media-matrix';
import { durationOf, MediaFactsService, spawnMainWorker } from './media-facts';
import { execFileSync } from 'node:child_process';

// The media matrix against ffprobe: each file an editor may have, made once by ffmpeg (2 s, 160 x 120).
describe('media facts (mediainfo.js in the media worker) against ffprobe', () => {
  let dir = '';
  let made = new Map<string, string>();
  let skipped = new Map<string, string>();
  const service = new MediaFactsService();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-matrix-'));
    ({ made, skipped } = await makeMatrix(dir));
  }, 120_000);
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has 26 rows', () => {
    expect(MEDIA_MATRIX).toHaveLength(26);
  });

  for (const row of MEDIA_MATRIX) {
    it(`${row.name} (${row.what}): duration within 1 s of ffprobe, tracks as made`, async (ctx) => {
      const reason = skipped.get(row.name);
      if (reason) {
        console.log(reason);
        ctx.skip();
      }
      const path = made.get(row.name)!;
      const facts = await service.factsOfPath(path);
      const reference = await ffprobeDuration(path);
      expect(reference).not.toBeNull();
      expect(facts.durationSeconds).not.toBeNull();
      expect(Math.abs(facts.durationSeconds! - reference!)).toBeLessThanOrEqual(1);
      expect(!!facts.video).toBe(row.video);
      expect(!!facts.audio).toBe(row.audio);
      expect(fileTypeOfFacts(facts)).toBe(row.video ? 'video' : 'audio');
      if (row.video) expect([facts.video!.width, facts.video!.height]).toEqual(row.name.endsWith('.3gp') ? [176, 144] : [160, 120]);
      expect(facts.container).toBeTruthy();
    });
  }

  it('names the codecs learners cannot play (HEVC, Windows Media, MPEG-2) and not the others', async (ctx) => {
    const need = ['phone-hevc.mov', 'archive.wmv', 'archive-mpeg2.mpg', 'phone-h264.mov', 'archive-mpeg1.mpg'];
    const absent = need.find((name) => skipped.has(name));
    if (absent) {
      console.log(skipped.get(absent));
      ctx.skip();
    }
    const warned = async (name: string) => mediaWarnings(await service.factsOfPath(made.get(name)!), 'video');
    expect(await warned('phone-hevc.mov')).toEqual([
      "HEVC (H.265) video: browsers and many learners' phones cannot play it. Convert it to H.264 (MP4) if learners must watch it.",
    ]);
    expect((await warned('archive.wmv'))[0]).toMatch(/^Windows Media video/);
    expect((await warned('archive-mpeg2.mpg'))[0]).toMatch(/^MPEG-2 video/);
    expect(await warned('phone-h264.mov')).toEqual([]);
    expect(await warned('archive-mpeg1.mpg')).toEqual([]);
    expect(mediaWarnings(await service.factsOfPath(made.get('talk.mp3')!), 'video')).toEqual([
      'This file has no video track: learners will hear it but see nothing. Choose Audio as the file type if that is meant.',
    ]);
    expect(mediaWarnings(await service.factsOfPath(made.get('talk.mp3')!), 'audio')).toEqual([]);
  });

  it('a file with no duration says so clearly', async () => {
    const path = join(dir, 'notes.mp4');
    await writeFile(path, 'not a video at all, only some text that looks like nothing\n'.repeat(100));
    const facts = await service.factsOfPath(path);
    expect(facts.durationSeconds).toBeNull();
    expect(() => durationOf(facts)).toThrow(APP_TEXT.noDuration);
    expect(APP_TEXT.noDuration).toBe('This file has no readable duration. Enter the duration by hand.');
  });

  it('retires a worker past its file limit and its memory limit: counted, and the facts after a recycle are the same', async () => {
    const names = [...made.keys()].slice(0, 7);
    expect(names.length).toBeGreaterThanOrEqual(7);
    const expected = await Promise.all(names.map((name) => service.factsOfPath(made.get(name)!)));
    // Real workers, counted as they start: one at a time, retired after every 3 files.
    let spawned = 0;
    const byFiles = new MediaFactsService(() => (spawned++, spawnMainWorker('media-worker')), 1, { files: 3, wasmBytes: Infinity });
    try {
      const got = [];
      for (const name of names) got.push(await byFiles.factsOfPath(made.get(name)!));
      expect(got).toEqual(expected);
      expect(byFiles.counts.recycled).toBe(Math.floor(names.length / 3));
      expect(spawned).toBe(Math.ceil(names.length / 3));
      // Asked all at once: a retired worker still answers what it was given.
      expect(await Promise.all(names.map((name) => byFiles.factsOfPath(made.get(name)!)))).toEqual(expected);
      // The third worker took all seven and was retired once (its last replies, after its retirement, count no more).
      expect(byFiles.counts).toEqual({ started: 3, recycled: Math.floor(names.length / 3) + 1 });
    } finally {
      await byFiles.close();
    }
    // Past its memory limit (MediaInfo's WebAssembly memory is tens of MiB from the start): a fresh worker per file.
    const byMemory = new MediaFactsService(undefined, 1, { files: Infinity, wasmBytes: 1024 * 1024 });
    try {
      for (const name of names.slice(0, 3)) expect(await byMemory.factsOfPath(made.get(name)!)).toEqual(expected[names.indexOf(name)]);
      expect(byMemory.lastMemory!.wasmBytes).toBeGreaterThan(1024 * 1024);
      expect(byMemory.counts).toEqual({ started: 3, recycled: 3 });
    } finally {
      await byMemory.close();
    }
  }, 120_000);

  it('warm() starts the worker ahead of the first file: the first probe starts none', async () => {
    let spawned = 0;
    const warmed = new MediaFactsService(() => (spawned++, spawnMainWorker('media-worker')), 1);
    try {
      warmed.warm();
      warmed.warm();
      expect(spawned).toBe(1);
      const name = [...made.keys()][0]!;
      expect(await warmed.factsOfPath(made.get(name)!)).toEqual(await service.factsOfPath(made.get(name)!));
      expect(spawned).toBe(1);
    } finally {
      await warmed.close();
    }
  }, 60_000);

  it('hashes the content (SHA-256) through the open handle', async () => {
    const path = join(dir, 'bytes.bin');
    await writeFile(path, Buffer.alloc(9 * 1024 * 1024 + 7, 'a'));
    const handle = await open(path, 'r');
    try {
      const { createHash } = await import('node:crypto');
      const expected = createHash('sha256').update(Buffer.alloc(9 * 1024 * 1024 + 7, 'a')).digest('hex');
      expect(await service.hash(handle, (await handle.stat()).size)).toBe(expected);
    } finally {
      await handle.close();
    }
  });
});

// The damaged and the hard-to-play files: each gets its verdict before upload, its facts against ffprobe.
describe('verdicts of damaged and hard-to-play files', () => {
  let dir = '';
  let made = new Map<string, string>();
  let skipped = new Map<string, string>();
  const service = new MediaFactsService();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-hostile-'));
    ({ made, skipped } = await makeHostile(dir));
  }, 120_000);
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** What the queue and Add File do: facts when the media library can read the file, else none. */
  const verdictOf = async (path: string) => {
    const size = (await stat(path)).size;
    const facts = await service.factsOfPath(path).catch(() => null);
    return { verdict: mediaVerdict({ size, facts, fileType: 'video' }), facts };
  };

  for (const row of HOSTILE_MATRIX) {
    it(`${row.name} (${row.what}): ${row.verdict}`, async (ctx) => {
      const reason = skipped.get(row.name);
      if (reason) {
        console.log(reason);
        ctx.skip();
      }
      const path = made.get(row.name)!;
      const { verdict, facts } = await verdictOf(path);
      if (row.verdict === 'playable') expect(verdict).toEqual({ kind: 'playable' });
      else if (row.verdict === 'warning') {
        expect(verdict.kind).toBe('warning');
        expect(verdict.kind === 'warning' && verdict.warnings.some((w) => row.warning!.test(w)), JSON.stringify(verdict)).toBe(true);
      } else expect(verdict).toMatchObject({ kind: 'unplayable', reason: row.verdict });
      // The facts a playable file gets agree with ffprobe: rotation, HDR transfer, bit depth.
      if (facts?.video && (row.verdict === 'warning' || row.verdict === 'playable')) {
        const probe = (await ffprobeVideo(path))!;
        // ffprobe's display matrix turns counter-clockwise, MediaInfo's rotation clockwise: they add to a full turn.
        expect((rotationOf(facts.video) + probe.rotation + 360) % 360).toBe(0);
        const pq = probe.transfer === 'smpte2084' ? 'PQ' : probe.transfer === 'arib-std-b67' ? 'HLG' : null;
        expect(hdrTransfer(facts.video.transfer)).toBe(pq);
        // ProRes carries no bit depth MediaInfo reads; HDR and H.264 do.
        if (row.name.startsWith('hdr')) expect(probe.pixFmt).toBe('yuv420p10le');
        if (probe.pixFmt === 'yuv420p10le') expect(facts.video.bitDepth).toBe(10);
        else if (probe.pixFmt === 'yuv420p') expect(facts.video.bitDepth).toBe(8);
        expect(facts.video.frameRateMode).toMatch(/^(CFR|VFR)$/);
      }
    });
  }

  it('the words a person reads: what is wrong and what to do', async (ctx) => {
    if (skipped.has('truncated-phone.mov') || skipped.has('photo.mov')) ctx.skip();
    expect((await verdictOf(made.get('truncated-phone.mov')!)).verdict).toEqual({ kind: 'unplayable', reason: 'index-missing', text: MEDIA_VERDICT_TEXT.indexMissing });
    expect((await verdictOf(made.get('photo.mov')!)).verdict).toEqual({ kind: 'unplayable', reason: 'image', text: 'It is a picture (JPEG), not a video. Choose the video file; a picture can be added as a thumbnail.' });
    expect((await verdictOf(made.get('empty.mp4')!)).verdict).toEqual({ kind: 'unplayable', reason: 'empty', text: 'The file is empty (0 bytes). Copy it again from where it was made.' });
  });
});

describe('mediaWarnings', () => {
  const base: MediaFacts = { durationSeconds: 60, container: 'MPEG-4', containerProfile: null, video: { codec: 'AVC', codecVersion: null, width: 1920, height: 1080, frameRate: 25 }, audio: null, bitRate: null };
  it('a resolution far above 1280 x 720 (4K) warns; 1080p and 1440p do not', () => {
    expect(mediaWarnings(base, 'video')).toEqual([]);
    expect(mediaWarnings({ ...base, video: { ...base.video!, width: 2560, height: 1440 } }, 'video')).toEqual([]);
    expect(mediaWarnings({ ...base, video: { ...base.video!, width: 3840, height: 2160 } }, 'video')).toEqual([
      '3840 x 2160: far above what the platform needs (1280 x 720 suggested). A smaller copy uploads faster and plays on slow connections.',
    ]);
  });
  it('a duration over 12:59:59 warns', () => {
    expect(mediaWarnings({ ...base, durationSeconds: 12 * 3600 + 59 * 60 + 59 }, 'video')).toEqual([]);
    expect(mediaWarnings({ ...base, durationSeconds: 13 * 3600 }, 'video')).toEqual([
      'This file is longer than a library file may be (12 hours 59 minutes 59 seconds): its duration cannot be entered as it is.',
    ]);
  });
});

// V8's own test functions (--allow-natives-syntax) read which compiler made a WebAssembly function's code, in a
// process of its own (the setting is the process's): a one-function module, `f` returning 7.
describe('compileWasmOnceOnTheCallingThread', () => {
  const tiersOfFirstCall = (withSetting: boolean) => {
    const script = `
      import { compileWasmOnceOnTheCallingThread } from ${JSON.stringify(new URL('./media-facts.ts', import.meta.url).href)};
      if (${withSetting}) compileWasmOnceOnTheCallingThread();
      const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,5,1,1,102,0,0,10,6,1,4,0,65,7,11]);
      const f = (await WebAssembly.instantiate(bytes)).instance.exports.f;
      const compiledBefore = !%IsUncompiledWasmFunction(f);
      console.log(JSON.stringify({ result: f(), compiledBefore, baseline: %IsLiftoffFunction(f), optimized: %IsTurboFanFunction(f) }));`;
    const out = execFileSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, CONTENT_CONSOLE_QUIET: '1' } });
    return JSON.parse(out.trim().split('\n').at(-1)!) as unknown;
  };

  it("V8's defaults: a quick baseline compile at the first call (tier-up later, on V8's shared threads)", () => {
    expect(tiersOfFirstCall(false)).toEqual({ result: 7, compiledBefore: false, baseline: true, optimized: false });
  });

  it('with it: nothing compiled before the first call, which compiles the function optimized, once', () => {
    expect(tiersOfFirstCall(true)).toEqual({ result: 7, compiledBefore: false, baseline: false, optimized: true });
  });
});
