import { Readable } from 'node:stream';
import { extname } from 'node:path';
import { GrantError, type GrantStore } from './grants';

/**
 * A granted local file for the page's own <video> (the poster frame): streamed through the same
 * preview path as the server's media (`cc-media://`, the bridge's /__bridge/media), with Range, read
 * through the handle checked against the grant. The page names the grant by id, never a path.
 */

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.ogv': 'video/ogg',
  '.avi': 'video/x-msvideo',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.ts': 'video/mp2t',
  '.3gp': 'video/3gpp',
  '.wmv': 'video/x-ms-wmv',
  '.flv': 'video/x-flv',
};

/** The first and last byte a Range header asks of a file of `size` bytes; null: the whole file; 'bad': outside it. */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

/** The answer for `range` of the granted file `grantId`: 200 or 206 with its bytes, 416 outside it, 404 when not granted or changed. */
export async function grantMedia(grants: GrantStore, grantId: string, range: string | null, signal?: AbortSignal): Promise<Response> {
  let opened;
  try {
    opened = await grants.open(grantId);
  } catch (error) {
    if (error instanceof GrantError) return new Response(null, { status: 404 });
    throw error;
  }
  const { grant, handle } = opened;
  const size = grant.size;
  const wanted = byteRange(range, size);
  if (wanted === 'bad' || size === 0) {
    await handle.close();
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  const { start, end } = wanted ?? { start: 0, end: size - 1 };
  const headers = new Headers({
    'content-type': TYPES[extname(grant.name).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(end - start + 1),
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  if (wanted) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  // The stream owns the handle: it closes it at the end, on an error and when the page stops reading.
  const stream = handle.createReadStream({ start, end, highWaterMark: 1024 * 1024 });
  signal?.addEventListener('abort', () => stream.destroy(), { once: true });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status: wanted ? 206 : 200, headers });
}
