// The media worker main owns (DESIGN section 15): MediaInfoLib (mediainfo.js, WebAssembly) reads a
// file's facts, and a streamed SHA-256 hashes its content, both from a file descriptor main opened and
// checked against the grant (worker threads share the process's descriptors). Reads go in chunks, so
// memory stays flat whatever the file size; main's event loop does none of this work. MediaInfo's chunks
// are read synchronously on this thread: no round trip through libuv's pool (which main shares) per chunk,
// and a read that hangs holds this worker only.
import { createHash } from 'node:crypto';
import { read, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sep } from 'node:path';
import { promisify } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import mediaInfoFactory, { type MediaInfo, type MediaInfoResult } from 'mediainfo.js';
import type { MediaFacts } from '../../shared/schemas/media';
import { lowerThisThreadPriority } from './thread-priority';

export type MediaRequest = { id: number; type: 'facts' | 'hash'; fd: number; size: number };
/** What the worker holds after a request: its WebAssembly memory (MediaInfo's, which never shrinks) and its JavaScript heap. */
export type WorkerMemory = { wasmBytes: number; heapBytes: number };
export type MediaReply = ({ id: number; ok: true; facts?: MediaFacts; hash?: string } | { id: number; ok: false; message: string }) & { memory?: WorkerMemory };

// MediaInfo's WebAssembly memory, caught as Emscripten instantiates the module (mediainfo.js does not
// expose it): main reads its size in every reply and retires a worker whose memory grew past its limit
// (a WebAssembly memory only grows; ending the worker is the one way to give it back).
let wasmMemory: WebAssembly.Memory | null = null;
const instantiate = WebAssembly.instantiate.bind(WebAssembly) as (...args: unknown[]) => Promise<unknown>;
(WebAssembly as { instantiate: unknown }).instantiate = async (...args: unknown[]) => {
  const made = await instantiate(...args);
  const instance = (made as { instance?: WebAssembly.Instance }).instance ?? (made as WebAssembly.Instance);
  const memory = Object.values(instance.exports ?? {}).find((e) => e instanceof WebAssembly.Memory);
  if (memory) wasmMemory = memory as WebAssembly.Memory;
  return made;
};
const memoryNow = (): WorkerMemory => ({ wasmBytes: wasmMemory?.buffer.byteLength ?? 0, heapBytes: getHeapStatistics().used_heap_size });

const readAt = promisify(read);
const HASH_CHUNK = 4 * 1024 * 1024;

/**
 * The .wasm from node_modules. In the packaged app node_modules sits in app.asar, and the module is
 * unpacked beside it (electron-builder.yml asarUnpack): Emscripten reads it with plain fs.
 */
function wasmPath(): string {
  const path = createRequire(import.meta.url).resolve('mediainfo.js/MediaInfoModule.wasm');
  return path.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
}

let instance: Promise<MediaInfo<'object'>> | null = null;
const mediainfo = () => (instance ??= mediaInfoFactory({ format: 'object', locateFile: () => wasmPath() }));

// One buffer for every chunk: MediaInfo copies a chunk into its own memory before it asks for the next, and a
// fresh 256 KiB buffer per read was garbage enough to keep the worker's collector (and V8's threads, shared
// with main) busy.
let chunkBuffer = Buffer.allocUnsafe(0);

function chunkAt(fd: number, size: number, offset: number): Uint8Array {
  if (chunkBuffer.length < size) chunkBuffer = Buffer.allocUnsafe(size);
  const buffer = chunkBuffer;
  let got = 0;
  while (got < size) {
    const bytesRead = readSync(fd, buffer, got, size - got, offset + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buffer.subarray(0, got);
}

type Track = Record<string, unknown>;
const num = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** MediaInfo's tracks as the app's facts. Exported for the unit test of odd answers. */
export function factsOfResult(result: MediaInfoResult): MediaFacts {
  const tracks = (result.media?.track ?? []) as unknown as Track[];
  const general = tracks.find((t) => t['@type'] === 'General') ?? {};
  const video = tracks.find((t) => t['@type'] === 'Video');
  const audio = tracks.find((t) => t['@type'] === 'Audio');
  const image = tracks.find((t) => t['@type'] === 'Image');
  const extra = (general.extra ?? {}) as Track;
  // "PQ / PQ": the container's and the stream's word, the same.
  const first = (value: unknown) => str(value)?.split(' / ')[0]?.trim() ?? null;
  // The container's duration, else the longest track's (some streams carry it only per track).
  const durations = [general, video, audio].map((t) => num(t?.Duration)).filter((d): d is number => d !== null && d > 0);
  const duration = num(general.Duration) ?? (durations.length ? Math.max(...durations) : null);
  return {
    durationSeconds: duration !== null && duration > 0 ? duration : null,
    container: str(general.Format),
    containerProfile: str(general.Format_Profile),
    video: video
      ? {
          codec: str(video.Format) ?? 'unknown',
          codecVersion: str(video.Format_Version)?.replace(/^Version\s*/i, '') ?? null,
          width: num(video.Width),
          height: num(video.Height),
          frameRate: num(video.FrameRate),
          rotation: num(first(video.Rotation)),
          transfer: first(video.transfer_characteristics),
          bitDepth: num(video.BitDepth),
          frameRateMode: str(video.FrameRate_Mode),
        }
      : null,
    audio: audio ? { codec: str(audio.Format) ?? 'unknown', channels: num(audio.Channels), sampleRate: num(audio.SamplingRate) } : null,
    bitRate: num(general.OverallBitRate),
    truncated: str(extra.IsTruncated)?.toLowerCase() === 'yes',
    image: image ? (str(image.Format) ?? 'unknown') : null,
  };
}

// One MediaInfo instance analyses one file at a time: facts requests wait their turn.
let factsChain: Promise<unknown> = Promise.resolve();

async function factsOf(fd: number, size: number): Promise<MediaFacts> {
  const run = factsChain.then(async () => {
    const mi = await mediainfo();
    const result = await mi.analyzeData(size, (chunkSize, offset) => chunkAt(fd, chunkSize, offset));
    return factsOfResult(result);
  });
  factsChain = run.catch(() => undefined);
  return run;
}

async function hashOf(fd: number, size: number): Promise<string> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(HASH_CHUNK);
  let offset = 0;
  while (offset < size) {
    const { bytesRead } = await readAt(fd, buffer, 0, Math.min(HASH_CHUNK, size - offset), offset);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    offset += bytesRead;
  }
  if (offset !== size) throw new Error('The file got shorter while it was read.');
  return hash.digest('hex');
}

// Two workers can fill both cores of a small machine: main's event loop (the window's every call) goes first.
if (parentPort) {
  lowerThisThreadPriority();
  // MediaInfo's WebAssembly loaded now, while main is at rest (warm() starts the worker then), not in the first
  // probe; in the app its functions compile at their first call, on this thread (compileWasmOnceOnTheCallingThread).
  // A failure here is not thrown at start: the first request gets it as its answer.
  mediainfo().catch(() => undefined);
}

parentPort?.on('message', (msg: MediaRequest) => {
  const work = msg.type === 'facts' ? factsOf(msg.fd, msg.size).then((facts) => ({ facts })) : hashOf(msg.fd, msg.size).then((hash) => ({ hash }));
  void work.then(
    (answer) => parentPort!.postMessage({ id: msg.id, ok: true, ...answer, memory: memoryNow() } satisfies MediaReply),
    (error: unknown) =>
      parentPort!.postMessage({ id: msg.id, ok: false, message: error instanceof Error ? error.message : String(error), memory: memoryNow() } satisfies MediaReply),
  );
});
