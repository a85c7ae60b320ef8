import type { FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { APP_TEXT } from '../../shared/messages';
import type { MediaFacts } from '../../shared/schemas/media';
import type { MediaReply, MediaRequest, WorkerMemory } from './media-worker';
import { openFoundFile } from './grants';
import { logAt } from './log';
import { startSourceWorker } from './source-worker';

/**
 * Starts a worker of main's own: the bundle electron.vite.config.ts builds next to main's (`<name>.js`), or,
 * where main runs from source (the bridge host under tsx, vitest), one made from its TypeScript source
 * (source-worker.ts).
 */
export function spawnMainWorker(name: string): Worker {
  const here = import.meta.url;
  // Names in variables: bundlers leave `new URL(variable, import.meta.url)` alone.
  const source = `./${name}.ts`;
  const built = `./${name}.js`;
  if (here.endsWith('.ts')) return startSourceWorker(new URL(source, here));
  return new Worker(new URL(built, here));
}

/**
 * Called once by main's process at its start, before any WebAssembly is compiled in it (MediaInfo's is its
 * only one: the sandbox's PGlite runs in a process of its own). V8 then compiles each WebAssembly function
 * once, at its optimizing tier, on first call and on the thread that calls it: the media workers, which run
 * below main. By default it compiles a quick baseline first and, as functions get hot, compiles them again
 * on V8's shared background threads, which run at main's priority: on two busy cores main's event loop
 * waited behind those compiles (stalls of 20 to 36 ms in a third of the runs of `npm run bench -- media`; with
 * this, three of forty over 20 ms, each main's own collection of what the bench's set-up had left). The cost:
 * a session's first probe takes 0.5 to 0.8 s instead of 0.05 to 0.2 (in the worker, main free meanwhile); the
 * files a second are the same. It is not set where other WebAssembly runs in the process (the tests'
 * in-process servers on PGlite, whose start it slows by 1.5 to 2 s).
 */
export function compileWasmOnceOnTheCallingThread(): void {
  setFlagsFromString('--wasm-lazy-compilation');
  setFlagsFromString('--no-liftoff');
}

/** When a media worker is retired and a fresh one takes its place (its memory given back with it). */
export interface RecycleLimits {
  /** Its WebAssembly memory past this (MediaInfo's; it only grows: a hostile file can take hundreds of MiB). */
  wasmBytes: number;
  /** Files whose facts it has read: a fresh start every so many keeps what leaks in the library bounded too. */
  files: number;
}

/**
 * 160 MiB of WebAssembly memory (MediaInfo starts at about 33 MiB and stays under 64 on ordinary files) or
 * 2,000 files. Each fresh start compiles MediaInfo again (a few hundred milliseconds in which no file is read),
 * so the file count is set past an ordinary batch: over 1,000 files its WebAssembly memory stays at about 33 MiB
 * (43 MiB with its heap).
 */
export const RECYCLE_LIMITS: RecycleLimits = { wasmBytes: 160 * 1024 * 1024, files: 2000 };

/**
 * How many media workers read at once: two where there are two cores or more. On Linux they run below
 * main (thread-priority.ts), so two may take every core and main's event loop still comes first. Where a
 * thread's priority cannot be lowered (Windows, macOS), a core is kept free for main: one worker on two cores.
 */
export function mediaWorkerCount(cores: number, platform: NodeJS.Platform = process.platform): number {
  const free = platform === 'linux' ? 0 : 1;
  return Math.max(1, Math.min(2, cores - free));
}

type Entry = { worker: Worker; waiting: Map<number, (reply: MediaReply) => void>; files: number; memory: WorkerMemory | null; retired: boolean };

/**
 * Media facts and content hashes of files main holds open (DESIGN section 15), worked out in the media
 * workers. A worker is kept while it serves (MediaInfo's WebAssembly loads once per worker) and retired
 * past its RecycleLimits: it takes no new request, ends when its last one is answered, and the next
 * request starts a fresh one.
 */
export class MediaFactsService {
  /** The workers that take requests (up to `size`, started as requests come), each with the requests it has in hand. */
  private readonly workers: Entry[] = [];
  /** Retired workers still answering what they were given. */
  private readonly retiring = new Set<Entry>();
  private next = 1;
  /** Workers started, and retired past their limits, since this service was made (the tests and the bench count them). */
  readonly counts = { started: 0, recycled: 0 };
  /** The memory the last worker to answer reported (the bench's figure). */
  lastMemory: WorkerMemory | null = null;

  /**
   * `size` workers at most (mediaWorkerCount): each analyses one file at a time and loads MediaInfo's
   * WebAssembly once, about 20 MiB.
   */
  constructor(
    private readonly spawn: () => Worker = () => spawnMainWorker('media-worker'),
    private readonly size = mediaWorkerCount(availableParallelism()),
    private readonly limits: RecycleLimits = RECYCLE_LIMITS,
  ) {}

  /**
   * Starts every worker ahead of the first request, where main has nothing else to do: a worker's start
   * and its WebAssembly's compile (on V8's threads, which main shares) cost main's event loop tens of
   * milliseconds; better at rest than in the middle of a probe.
   */
  warm(): void {
    while (this.workers.length < this.size) this.start();
  }

  /** The least busy worker, or a new one while there are fewer than `size` and all are busy. */
  private pick(): Entry {
    const idle = [...this.workers].sort((a, b) => a.waiting.size - b.waiting.size)[0];
    if (idle && (idle.waiting.size === 0 || this.workers.length >= this.size)) return idle;
    return this.start();
  }

  private start(): Entry {
    const worker = this.spawn();
    worker.unref();
    this.counts.started += 1;
    const entry: Entry = { worker, waiting: new Map(), files: 0, memory: null, retired: false };
    worker.on('message', (reply: MediaReply) => {
      const resolve = entry.waiting.get(reply.id);
      entry.waiting.delete(reply.id);
      if (reply.memory) entry.memory = this.lastMemory = reply.memory;
      if (this.retiring.has(entry) && entry.waiting.size === 0) void this.end(entry);
      resolve?.(reply);
    });
    const failAll = (message: string) => {
      const at = this.workers.indexOf(entry);
      if (at >= 0) this.workers.splice(at, 1);
      this.retiring.delete(entry);
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

  /** Retires a worker past its limits: no new request goes to it; it ends once it has answered the ones it has. */
  private checkLimits(entry: Entry): void {
    // Once: a retired worker's last replies (and its end) come after it is out of `retiring`.
    if (entry.retired) return;
    const over = entry.files >= this.limits.files || (entry.memory?.wasmBytes ?? 0) > this.limits.wasmBytes;
    if (!over) return;
    const at = this.workers.indexOf(entry);
    if (at >= 0) this.workers.splice(at, 1);
    entry.retired = true;
    this.retiring.add(entry);
    this.counts.recycled += 1;
    logAt('info', 'media worker recycled', { files: entry.files, wasmBytes: entry.memory?.wasmBytes ?? null });
    if (entry.waiting.size === 0) void this.end(entry);
  }

  private async end(entry: Entry): Promise<void> {
    this.retiring.delete(entry);
    await entry.worker.terminate();
  }

  private ask(type: MediaRequest['type'], handle: FileHandle, size: number): Promise<MediaReply> {
    const id = this.next++;
    const entry = this.pick();
    if (type === 'facts') entry.files += 1;
    return new Promise((resolve) => {
      entry.waiting.set(id, (reply) => {
        this.checkLimits(entry);
        resolve(reply);
      });
      entry.worker.postMessage({ id, type, fd: handle.fd, size } satisfies MediaRequest);
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
    const workers = [...this.workers.splice(0), ...this.retiring];
    this.retiring.clear();
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
