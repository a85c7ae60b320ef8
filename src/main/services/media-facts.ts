import type { FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { APP_TEXT } from '../../shared/messages';
import type { MediaFacts } from '../../shared/schemas/media';
import type { MediaReply, MediaRequest } from './media-worker';
import { openFoundFile } from './grants';
import { logAt } from './log';

/**
 * Starts a worker of main's own: from its TypeScript source where main runs from source (the bridge
 * host under tsx, vitest: tsx-worker.mjs compiles it), else the bundle electron.vite.config.ts
 * builds next to main's (`<name>.js`).
 */
export function spawnMainWorker(name: string): Worker {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const boot = './tsx-worker.mjs';
  const source = `./${name}.ts`;
  const built = `./${name}.js`;
  if (here.endsWith('.ts')) return new Worker(new URL(boot, here), { workerData: { entry: new URL(source, here).href } });
  return new Worker(new URL(built, here));
}

/**
 * Media facts and content hashes of files main holds open (DESIGN section 15), worked out in the media
 * workers. A worker starts when requests need it and is kept (MediaInfo's WebAssembly loads once per worker).
 */
export class MediaFactsService {
  /** The workers (up to `size`, started as requests come), each with the requests it has in hand. */
  private readonly workers: { worker: Worker; waiting: Map<number, (reply: MediaReply) => void> }[] = [];
  private next = 1;

  /**
   * `size` workers at most: a folder of many files is read on two cores where there are two (each
   * worker analyses one file at a time and loads MediaInfo's WebAssembly once, about 20 MiB).
   */
  constructor(
    private readonly spawn: () => Worker = () => spawnMainWorker('media-worker'),
    private readonly size = Math.max(1, Math.min(2, availableParallelism())),
  ) {}

  /** The least busy worker, or a new one while there are fewer than `size` and all are busy. */
  private pick(): { worker: Worker; waiting: Map<number, (reply: MediaReply) => void> } {
    const idle = [...this.workers].sort((a, b) => a.waiting.size - b.waiting.size)[0];
    if (idle && (idle.waiting.size === 0 || this.workers.length >= this.size)) return idle;
    const worker = this.spawn();
    worker.unref();
    const entry = { worker, waiting: new Map<number, (reply: MediaReply) => void>() };
    worker.on('message', (reply: MediaReply) => {
      const resolve = entry.waiting.get(reply.id);
      entry.waiting.delete(reply.id);
      resolve?.(reply);
    });
    const failAll = (message: string) => {
      const at = this.workers.indexOf(entry);
      if (at >= 0) this.workers.splice(at, 1);
      for (const [id, resolve] of entry.waiting) resolve({ id, ok: false, message });
      entry.waiting.clear();
    };
    worker.on('error', (error) => {
      logAt('error', 'the media worker stopped', { error });
      failAll(`The media reader stopped: ${error.message}`);
    });
    worker.on('exit', () => failAll('The media reader stopped.'));
    this.workers.push(entry);
    return entry;
  }

  private ask(type: MediaRequest['type'], handle: FileHandle, size: number): Promise<MediaReply> {
    const id = this.next++;
    const { worker, waiting } = this.pick();
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, type, fd: handle.fd, size } satisfies MediaRequest);
    });
  }

  /** The facts of an open file (the handle stays the caller's, open until this settles). */
  async facts(handle: FileHandle, size: number): Promise<MediaFacts> {
    const reply = await this.ask('facts', handle, size);
    if (!reply.ok || !reply.facts) throw new Error(reply.ok ? APP_TEXT.noDuration : reply.message);
    return reply.facts;
  }

  /** The SHA-256 of an open file's content, hex, streamed in the worker. */
  async hash(handle: FileHandle, size: number): Promise<string> {
    const reply = await this.ask('hash', handle, size);
    if (!reply.ok || !reply.hash) throw new Error(reply.ok ? 'The file could not be hashed.' : reply.message);
    return reply.hash;
  }

  /** facts() of a file main found itself (the bulk queue's folder scan): opened read-only and closed. */
  async factsOfPath(path: string): Promise<MediaFacts> {
    return withOpen(path, (handle, size) => this.facts(handle, size));
  }

  async hashOfPath(path: string): Promise<string> {
    return withOpen(path, (handle, size) => this.hash(handle, size));
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }
}

async function withOpen<T>(path: string, use: (handle: FileHandle, size: number) => Promise<T>): Promise<T> {
  // As a grant is opened: no link followed, no FIFO waited on, a regular file only.
  const { handle, info } = await openFoundFile(path);
  try {
    return await use(handle, info.size);
  } finally {
    await handle.close();
  }
}

/** A file's duration in whole seconds, or an Error with the clear message when it has none. */
export function durationOf(facts: MediaFacts): number {
  if (facts.durationSeconds === null) throw new Error(APP_TEXT.noDuration);
  // A clip shorter than half a second still has a duration (the form takes no 0 for a video).
  return Math.max(1, Math.round(facts.durationSeconds));
}

/** The one service main shares (the Add File probe and the bulk queue use the same worker). */
let shared: MediaFactsService | null = null;
export const mediaFacts = (): MediaFactsService => (shared ??= new MediaFactsService());
