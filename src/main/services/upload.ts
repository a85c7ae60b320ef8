import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeMultipartField } from '../../shared/api/multipart';
import type { ApiEvents, HttpMethod } from '../../shared/api';
import { APP_TEXT } from '../../shared/messages';
import { fail, ok, type Result } from '../../shared/result';
import { GrantError, type Grant, type GrantStore } from './grants';
import { IMAGE_SIGNATURE_BYTES, imageContentMessage, imageKindOfName, isImageContent } from '../../shared/image-signature';

/** How often progress is reported at most (DESIGN: about 10 a second). */
export const PROGRESS_INTERVAL_MS = 100;
/**
 * Read size from disk. Measured against curl on loopback with the server's files in memory
 * (docs/performance-history.md, 2026-12-05): the client's CPU per GiB falls with the read size (128 KiB 0.65 to
 * 0.9 s, 256 KiB 0.55, 512 KiB 0.35, 1 MiB 0.3; curl 0.4), and on a two-core machine the client's CPU
 * is taken from the server's, which is the bottleneck. 1 MiB reads ran from 3 % behind curl to 20 %
 * ahead of it, 128 KiB ones from level with it to 6 % behind. The server's CPU per GiB did not move
 * with the read size.
 */
const READ_CHUNK = 1024 * 1024;
/** Buffers a file is sent through, reused (reading one while the others are sent): 4 MiB in flight. */
const READ_BUFFERS = 4;
/**
 * Bytes the request may buffer before the next read waits for 'drain'. Waiting at the socket's own
 * 16 KiB mark would stall the disk after every chunk; a few MiB keeps disk and network both busy, and
 * memory bounded.
 */
const SEND_BUFFER = 8 * 1024 * 1024;
const MAX_ATTEMPTS = 3;
const BACKOFF_MS = 500;

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4', '.m4v': 'video/mp4', '.webm': 'video/webm', '.mov': 'video/quicktime', '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.aac': 'audio/aac', '.wav': 'audio/wav',
  '.ogg': 'audio/ogg', '.oga': 'audio/ogg', '.flac': 'audio/flac', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif', '.pdf': 'application/pdf', '.vtt': 'text/vtt',
  '.srt': 'application/x-subrip',
};
export const contentTypeOf = (name: string): string => CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';

/** WHATWG form-data escaping of a name or file name in Content-Disposition. */
const quote = (value: string): string => value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

export interface MultipartBody {
  contentType: string;
  /** Exact byte length: sent as Content-Length. */
  length: number;
  /** Buffers (text parts, part headers, the closing boundary) and files, in order. */
  parts: ({ kind: 'bytes'; data: Buffer } | { kind: 'file'; grant: Grant })[];
}

/** Lays out a multipart/form-data body: text fields first, then the files (streamed from disk when sent). */
export function layoutMultipart(fields: Record<string, unknown>, files: { field: string; grant: Grant }[]): MultipartBody {
  const boundary = `----ContentConsole${randomBytes(12).toString('hex')}`;
  const parts: MultipartBody['parts'] = [];
  let text = '';
  for (const [name, value] of Object.entries(fields)) {
    const encoded = encodeMultipartField(value);
    if (encoded === undefined) continue;
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${encoded}\r\n`;
  }
  if (text) parts.push({ kind: 'bytes', data: Buffer.from(text, 'utf8') });
  for (const { field, grant } of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(field)}"; filename="${quote(grant.name)}"\r\nContent-Type: ${contentTypeOf(grant.name)}\r\n\r\n`;
    parts.push({ kind: 'bytes', data: Buffer.from(head, 'utf8') }, { kind: 'file', grant }, { kind: 'bytes', data: Buffer.from('\r\n') });
  }
  parts.push({ kind: 'bytes', data: Buffer.from(`--${boundary}--\r\n`) });
  const length = parts.reduce((sum, part) => sum + (part.kind === 'bytes' ? part.data.length : part.grant.size), 0);
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, parts };
}

export interface MultipartRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** Text fields (already without file fields and the upload id). */
  fields: Record<string, unknown>;
  /** File fields: grant ids. */
  files: { field: string; grantId: string }[];
  uploadId?: string;
  label: string;
  /** Cancels the upload (the caller's own signal; `cancel(uploadId)` does too). */
  signal?: AbortSignal;
  /** Progress to the caller instead of the window's `upload:progress` event. */
  onProgress?: (sent: number, total: number) => void;
}

/** The server's answer (status and body text), for the caller to read as an envelope. */
export interface RawAnswer {
  status: number;
  text: string;
}

export interface UploaderDeps {
  grants: GrantStore;
  emit(event: 'upload:progress', payload: ApiEvents['upload:progress']): void;
  log(message: string, details?: Record<string, unknown>): void;
}

class ProgressMeter {
  private sent = 0;
  private lastEmit = 0;
  private readonly samples: [number, number][] = [];
  constructor(
    private readonly uploadId: string | undefined,
    private readonly total: number,
    private readonly emit: UploaderDeps['emit'],
    private readonly onProgress?: (sent: number, total: number) => void,
  ) {}

  reset(): void {
    this.sent = 0;
    this.samples.length = 0;
  }

  add(bytes: number): void {
    this.sent += bytes;
    const now = Date.now();
    if (now - this.lastEmit >= PROGRESS_INTERVAL_MS || this.sent === this.total) this.report(now);
  }

  report(now = Date.now()): void {
    this.lastEmit = now;
    this.samples.push([now, this.sent]);
    while (this.samples.length > 2 && now - this.samples[0]![0] > 1000) this.samples.shift();
    const [t0, s0] = this.samples[0]!;
    const rate = now > t0 ? Math.round(((this.sent - s0) * 1000) / (now - t0)) : 0;
    if (this.onProgress) this.onProgress(this.sent, this.total);
    else if (this.uploadId) this.emit('upload:progress', { uploadId: this.uploadId, sent: this.sent, total: this.total, rate });
  }
}

class UploadFailure extends Error {
  constructor(
    message: string,
    /** The request never reached the server (safe to retry whatever the method). */
    readonly beforeSend: boolean,
  ) {
    super(message);
  }
}

/** Ends the sending of a body the server has already answered. */
class AnsweredEarly extends Error {}

/** A granted file's first bytes, read through the handle checked against its grant. */
async function grantHead(grants: GrantStore, id: string): Promise<Buffer> {
  const { handle } = await grants.open(id);
  try {
    const buffer = Buffer.alloc(IMAGE_SIGNATURE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, IMAGE_SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The server's answer to a request (at most the first 4 MiB of its body kept). */
function answerOf(req: ClientRequest): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    req.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 4 * 1024 * 1024) chunks.push(chunk);
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.once('error', reject);
    });
    req.once('error', reject);
  });
}

/**
 * The body's sender for one attempt: its bytes written with backpressure, its files read from disk in
 * a few reused buffers. Once the server has answered (a refusal before the whole body, say) the rest of
 * the body is not wanted: the send stops at its next step (AnsweredEarly) instead of reading the file to
 * its end into a dead socket.
 */
function bodySender(req: ClientRequest, answer: Promise<RawAnswer>, grants: GrantStore, meter: ProgressMeter, signal: AbortSignal): (body: MultipartBody) => Promise<void> {
  let answered = false;
  let wake: (() => void) | null = null;
  const wakeSender = () => {
    wake?.();
    wake = null;
  };
  answer.then(
    () => ((answered = true), wakeSender()),
    () => ((answered = true), wakeSender()),
  );
  const stopIfAnswered = () => {
    if (answered) throw new AnsweredEarly();
  };
  const write = async (chunk: Buffer): Promise<void> => {
    stopIfAnswered();
    meter.add(chunk.length);
    req.write(chunk);
    if (req.writableLength > SEND_BUFFER) await Promise.race([once(req, 'drain'), answer]);
  };
  // File bytes go out of a few reused buffers: a read fills a free one while the ones before it are
  // still being sent, and a buffer is free again when the socket has taken it (its write callback).
  // No allocation per chunk, no copy, and at most READ_BUFFERS x READ_CHUNK in memory.
  const free: Buffer[] = Array.from({ length: READ_BUFFERS }, () => Buffer.allocUnsafeSlow(READ_CHUNK));
  const release = (buffer: Buffer) => {
    free.push(buffer);
    wakeSender();
  };
  /** Waits for a buffer to come back (or for the answer). */
  const buffersBack = async (count: number): Promise<void> => {
    while (free.length < count) {
      stopIfAnswered();
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const take = async (): Promise<Buffer> => {
    await buffersBack(1);
    return free.pop()!;
  };
  const sendFile = async (grant: Grant): Promise<void> => {
    // Opened and checked again for every attempt; the bytes actually read are counted, never more
    // than the granted size go out.
    const { handle } = await grants.open(grant.id);
    try {
      let read = 0;
      for (;;) {
        if (signal.aborted) throw signal.reason;
        const buffer = await take();
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, null);
        stopIfAnswered();
        if (bytesRead === 0) {
          free.push(buffer);
          break;
        }
        read += bytesRead;
        if (read > grant.size) throw new GrantError(APP_TEXT.fileChanged);
        meter.add(bytesRead);
        req.write(bytesRead === READ_CHUNK ? buffer : buffer.subarray(0, bytesRead), () => release(buffer));
      }
      if (read !== grant.size) throw new GrantError(APP_TEXT.fileChanged);
      // Every buffer back: the file's bytes are all with the socket before its handle closes.
      await buffersBack(READ_BUFFERS);
    } finally {
      await handle.close();
    }
  };
  return async (body) => {
    for (const part of body.parts) {
      if (part.kind === 'bytes') await write(part.data);
      else await sendFile(part.grant);
    }
    req.end();
  };
}

/** One attempt of an upload: the request made, its body sent, its answer read. */
async function attemptUpload(grants: GrantStore, request: MultipartRequest, body: MultipartBody, meter: ProgressMeter, signal: AbortSignal): Promise<RawAnswer> {
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const req = client.request(url, {
    method: request.method,
    headers: { ...request.headers, 'content-type': body.contentType, 'content-length': String(body.length) },
    signal,
  });
  let connected = false;
  req.once('socket', (socket) => {
    if (socket.connecting) socket.once('connect', () => (connected = true));
    else connected = true;
  });
  const answer = answerOf(req);
  // The answer may come before the body is sent (a refusal): keep the rejection from going unhandled.
  answer.catch(() => undefined);
  const send = bodySender(req, answer, grants, meter, signal);

  try {
    // Whichever settles first: a full send (then wait for the answer) or an early answer, after which
    // the send stops (AnsweredEarly, not an error of the upload) and the request is let go.
    const sending = send(body).then(() => null);
    sending.catch(() => undefined);
    const early = await Promise.race([sending, answer]);
    if (early) req.destroy();
    return early ?? (await answer);
  } catch (error) {
    req.destroy();
    if (signal.aborted || error instanceof GrantError) throw error;
    const code = (error as { code?: string }).code ?? '';
    throw new UploadFailure(error instanceof Error ? error.message : String(error), !connected || CONNECT_ERRORS.has(code));
  }
}

/**
 * Multipart uploads from disk in constant memory (DESIGN section 7): the body is laid out with a known
 * Content-Length and written with node's http client, the files read in 1 MiB chunks with
 * backpressure. Progress events at most every 100 ms; cancel aborts the request. Retries (with
 * back-off) only where repeating cannot store twice: a connection that was refused, a 429, and for
 * PUT (idempotent) also 5xx answers and lost connections.
 */
export function createUploader(deps: UploaderDeps) {
  const running = new Map<string, AbortController>();

  async function send(request: MultipartRequest): Promise<Result<RawAnswer>> {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    if (request.signal?.aborted) cancel();
    request.signal?.addEventListener('abort', cancel, { once: true });
    if (request.uploadId) {
      running.get(request.uploadId)?.abort();
      running.set(request.uploadId, controller);
    }
    const origin = new URL(request.url).origin;
    try {
      const files: { field: string; grant: Grant }[] = [];
      for (const { field, grantId } of request.files) files.push({ field, grant: await deps.grants.use(grantId) });
      // A file sent as an image must be one: its name and declared type are only claims.
      for (const { grant } of files) {
        if (imageKindOfName(grant.name) && !isImageContent(grant.name, await grantHead(deps.grants, grant.id))) return fail('validation', imageContentMessage(grant.name));
      }
      const body = layoutMultipart(request.fields, files);
      const meter = new ProgressMeter(request.uploadId, body.length, deps.emit, request.onProgress);
      const idempotent = request.method === 'PUT';
      for (let n = 1; ; n += 1) {
        meter.reset();
        try {
          const answer = await attemptUpload(deps.grants, request, body, meter, controller.signal);
          const retryable = answer.status === 429 || (idempotent && answer.status >= 500);
          if (!retryable || n >= MAX_ATTEMPTS) return ok(answer);
          deps.log('upload answered with a retryable status', { call: request.label, status: answer.status, attempt: n });
        } catch (error) {
          if (!(error instanceof UploadFailure) || n >= MAX_ATTEMPTS || !(error.beforeSend || idempotent)) throw error;
          deps.log('upload failed, retrying', { call: request.label, origin, attempt: n, error: error.message });
        }
        await sleep(BACKOFF_MS * 2 ** (n - 1), undefined, { signal: controller.signal });
      }
    } catch (error) {
      if (controller.signal.aborted) return fail('cancelled', APP_TEXT.uploadCancelled);
      if (error instanceof GrantError) return fail('validation', error.message);
      deps.log('upload failed', { call: request.label, origin, error: error instanceof Error ? error.message : String(error) });
      return fail('network', `The upload to ${origin} failed: the server cannot be reached or the connection was lost. Check the connection and try again.`);
    } finally {
      request.signal?.removeEventListener('abort', cancel);
      if (request.uploadId && running.get(request.uploadId) === controller) running.delete(request.uploadId);
    }
  }

  return {
    send,
    /** Aborts the upload; false when none with that id is running. */
    cancel(uploadId: string): boolean {
      const controller = running.get(uploadId);
      if (!controller) return false;
      controller.abort();
      return true;
    },
  };
}
export type Uploader = ReturnType<typeof createUploader>;

