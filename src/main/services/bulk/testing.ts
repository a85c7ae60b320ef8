import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../../shared/result';
import type { BulkEvent, BulkMetaPatch } from '../../../shared/schemas/bulk';
import type { MediaFacts } from '../../../shared/schemas/media';
import type { BulkItem, BulkQueueDeps, BulkUploadFn } from './queue';
import { listReconciler, type RecordFacts } from './reconcile';

/** Test support for the bulk queue (not used by the app). */

export const VALID_PATCH: BulkMetaPatch = {
  description: 'Feed, shed and milk sales.',
  type: 'Interview',
  businessIdeas: ['65a000000000000000000001'],
  keywords: ['65a000000000000000000002'],
};

const runFile = promisify(execFile);
let clip: Promise<Buffer> | null = null;
/**
 * A real one-second MP4 (16 x 16, H.264 where this ffmpeg has it, else MPEG-4 part 2; its index at the
 * start), made once per process: the media library reads it as a playable video.
 */
function playableClip(): Promise<Buffer> {
  clip ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-clip-'));
    const path = join(dir, 'clip.mp4');
    const picture = ['-f', 'lavfi', '-i', 'color=c=gray:size=16x16:rate=1', '-t', '1', '-movflags', '+faststart'];
    try {
      await runFile('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', path]).catch(() =>
        runFile('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...picture, '-c:v', 'mpeg4', path]),
      );
      return await readFile(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return clip;
}

/**
 * A playable mp4 file of `size` bytes (at least the clip and a few bytes more): the clip, then a `free`
 * box holding a random id and filler, so each file's content is its own (no two are duplicates).
 */
export async function writeVideo(path: string, size = 4096): Promise<string> {
  const head = await playableClip();
  const tail = Math.max(size - head.length, 8 + 36);
  const free = Buffer.alloc(tail, 7);
  free.writeUInt32BE(tail, 0);
  free.write('free', 4, 'latin1');
  free.write(randomUUID(), 8, 'latin1');
  await writeFile(path, Buffer.concat([head, free]));
  return path;
}

/**
 * writeVideo's file for large sizes without the bytes in memory: the clip, a `free` box header with a
 * random id, then the rest of `size` left sparse (zeros) inside that box.
 */
export async function writeSparseVideo(path: string, size: number): Promise<string> {
  const head = await playableClip();
  const tail = Math.max(size - head.length, 8 + 36);
  const box = Buffer.alloc(8 + 36);
  box.writeUInt32BE(tail, 0);
  box.write('free', 4, 'latin1');
  box.write(randomUUID(), 8, 'latin1');
  await writeFile(path, Buffer.concat([head, box]));
  await truncate(path, head.length + tail);
  return path;
}

export async function writeVideos(folder: string, names: readonly string[], size = 4096): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  return Promise.all(names.map((name) => writeVideo(join(folder, name), size)));
}

/** One upload the fake network holds: the test decides how it ends. */
export interface HeldUpload {
  item: Readonly<BulkItem>;
  signal: AbortSignal;
  progress(sent: number): void;
  /** The server stores the record (as if the whole body arrived); returns its id. */
  store(): string;
  answer(result: Result<{ id?: string | null }>): void;
  /** Stores and answers 2xx with the id. */
  succeed(): void;
  settled: boolean;
}

/**
 * A stand-in for the network and the library server: uploads are held until the test ends them (or
 * end by themselves with `auto`), records live in `records`, reconciliation lists them, the probe
 * answers `online`.
 */
export class FakeServer {
  readonly records: RecordFacts[] = [];
  readonly calls: HeldUpload[] = [];
  online = true;
  probes = 0;
  active = 0;
  maxActive = 0;
  /** When set, every upload ends by itself after a macrotask with this result (default: success). */
  auto: ((item: Readonly<BulkItem>) => Result<{ id?: string | null }> | 'store') | null = null;
  reconcileCalls = 0;

  readonly upload: BulkUploadFn = (item, signal, onProgress) =>
    new Promise((resolve) => {
      this.active += 1;
      this.maxActive = Math.max(this.maxActive, this.active);
      const held: HeldUpload = {
        item: structuredClone(item),
        signal,
        settled: false,
        progress: (sent) => onProgress(sent, item.file.size),
        store: () => {
          const id = randomUUID();
          this.records.push({
            _id: id,
            title: item.meta.title.trim(),
            fileName: item.file.name,
            fileSize: item.file.size,
            metaInfo: { created: { at: new Date().toISOString() } },
          });
          return id;
        },
        answer: (result) => {
          if (held.settled) return;
          held.settled = true;
          this.active -= 1;
          resolve(result);
        },
        succeed: () => {
          held.progress(item.file.size);
          held.answer(ok({ id: held.store() }));
        },
      };
      signal.addEventListener('abort', () => held.answer(fail('cancelled', 'The upload was cancelled.')));
      this.calls.push(held);
      const auto = this.auto;
      if (auto) {
        setImmediate(() => {
          const outcome = auto(held.item);
          if (outcome === 'store') held.succeed();
          else held.answer(outcome);
        });
      }
    });

  readonly probe = async (): Promise<boolean> => {
    this.probes += 1;
    return this.online;
  };

  reconcileWith(claimed: () => ReadonlySet<string>) {
    const inner = listReconciler(async () => (this.online ? ok(this.records) : fail('network', 'down')), claimed);
    return (queries: Parameters<typeof inner>[0]) => {
      this.reconcileCalls += 1;
      return inner(queries);
    };
  }
}

/** What the fake files are taken for: a minute of H.264 video with sound. */
export const SIXTY_SECOND_VIDEO: MediaFacts = {
  durationSeconds: 60,
  container: 'MPEG-4',
  containerProfile: null,
  video: { codec: 'AVC', codecVersion: null, width: 1280, height: 720, frameRate: 25 },
  audio: { codec: 'AAC', channels: 2, sampleRate: 48000 },
  bitRate: 1_000_000,
};

/** Deps for a queue in `folder` over the fake server; events collected in `events`. */
export function fakeDeps(folder: string, server: FakeServer, events: BulkEvent[], over: Partial<BulkQueueDeps> = {}): BulkQueueDeps {
  return {
    folder,
    upload: server.upload,
    reconcile: server.reconcileWith(() => new Set()),
    probe: server.probe,
    readFacts: async () => SIXTY_SECOND_VIDEO,
    emit: (event) => events.push(event),
    random: () => 0.5,
    ...over,
  };
}

/** Lets I/O and promises run (fs work finishes on the thread pool) until `done()` or gives up. */
export async function until(done: () => boolean, what = 'condition', ms = 15_000): Promise<void> {
  // performance.now, not Date: tests fake Date and setTimeout.
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (done()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
