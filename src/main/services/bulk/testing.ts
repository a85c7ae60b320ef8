import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
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

/** An mp4 file (a real `ftyp` box, then filler) of `size` bytes; each file's content its own (no two are duplicates). */
export async function writeVideo(path: string, size = 4096): Promise<string> {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  const body = Buffer.alloc(Math.max(size, head.length + 36), 7);
  head.copy(body);
  body.write(randomUUID(), head.length, 'latin1');
  await writeFile(path, body);
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
