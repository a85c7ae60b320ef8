import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FileType } from '../../../shared/schemas/library';
import { openFoundFile } from '../grants';

/** Extensions the folder dialog and folder drops take (media files only). */
export const MEDIA_EXTENSIONS = new Set([
  '.mp4', '.m4v', '.mov', '.webm', '.mkv', '.avi', '.mpg', '.mpeg', '.3gp', '.ogv', '.wmv', '.flv', '.ts',
  '.mp3', '.m4a', '.aac', '.wav', '.ogg', '.oga', '.opus', '.flac', '.wma',
]);
const AUDIO_EXTENSIONS = new Set(['.mp3', '.m4a', '.aac', '.wav', '.ogg', '.oga', '.opus', '.flac', '.wma']);

export const isMediaName = (name: string): boolean => MEDIA_EXTENSIONS.has(extname(name).toLowerCase());

/** The type a file's name suggests (a first guess, until its content has been read). */
export function fileTypeOfName(name: string): FileType {
  const ext = extname(name).toLowerCase();
  if (AUDIO_EXTENSIONS.has(ext)) return 'audio';
  if (MEDIA_EXTENSIONS.has(ext)) return 'video';
  return 'other';
}

const ascii = (head: Uint8Array, at: number, length: number): string => String.fromCharCode(...head.subarray(at, at + length));
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/**
 * The library file type from the first bytes of a file (container magic numbers). Containers that
 * carry audio or video alike (Ogg, Matroska/WebM without a look inside) count as the name suggests.
 * Unknown content is 'other'.
 */
export function fileTypeOfHead(head: Uint8Array, name: string): FileType {
  const byName = fileTypeOfName(name);
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') return AUDIO_BRANDS.has(ascii(head, 8, 4)) ? 'audio' : 'video';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return byName === 'audio' ? 'audio' : 'video';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const kind = ascii(head, 8, 4);
    if (kind === 'WAVE') return 'audio';
    if (kind === 'AVI ') return 'video';
  }
  if (head.length >= 4 && ascii(head, 0, 4) === 'OggS') return byName === 'video' ? 'video' : 'audio';
  if (head.length >= 4 && ascii(head, 0, 4) === 'fLaC') return 'audio';
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return 'audio';
  // MPEG audio frame sync (mp3/aac without a tag).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) return 'audio';
  // MPEG program stream and transport stream.
  if (head.length >= 4 && head[0] === 0 && head[1] === 0 && head[2] === 1 && head[3] === 0xba) return 'video';
  if (head.length >= 1 && head[0] === 0x47 && extname(name).toLowerCase() === '.ts') return 'video';
  // ASF (wmv, wma).
  if (head.length >= 4 && head[0] === 0x30 && head[1] === 0x26 && head[2] === 0xb2 && head[3] === 0x75) return byName === 'audio' ? 'audio' : 'video';
  if (head.length >= 3 && ascii(head, 0, 3) === 'FLV') return 'video';
  return 'other';
}

/** Reads the first bytes of a file and says its library type (a link, a FIFO or a folder at the path throws). */
export async function sniffFileType(path: string, name: string): Promise<FileType> {
  const { handle } = await openFoundFile(path);
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return fileTypeOfHead(head.subarray(0, bytesRead), name);
  } finally {
    await handle.close();
  }
}

/** The most files one folder adds to the queue (the queue is built and measured for 100,000). */
export const FOLDER_LIMIT = 100_000;

/** Natural order: 'clip 2' before 'clip 10'. */
const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A folder's scan as it goes: batches of paths in order (see scanFolder), then whether it stopped at the limit. */
export interface FolderScan {
  batches: AsyncIterable<string[]>;
  /** Read once the batches are done. */
  readonly truncated: boolean;
}

/**
 * The media files inside a folder, recursively, in natural order of their paths (each folder's entries
 * by name, sub-folders where their names fall). Symbolic links are not followed (no loops, nothing
 * outside the chosen folder); hidden files and folders are skipped; an unreadable sub-folder is skipped.
 * Stops at `limit` files (the first ones in that order) and says so. The paths come in batches (a
 * folder's files up to its next sub-folder), so the first folder's files can be queued and shown
 * before a tree of 100,000 files is walked.
 */
export function scanFolderInBatches(root: string, limit = FOLDER_LIMIT): FolderScan {
  let found = 0;
  const scan = { truncated: false, batches: walk(root) };
  async function* walk(folder: string): AsyncGenerator<string[], boolean> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => byName.compare(a.name, b.name));
    let batch: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (batch.length > 0) yield batch;
        batch = [];
        if (!(yield* walk(full))) return false;
      } else if (entry.isFile() && isMediaName(entry.name)) {
        if (found >= limit) {
          if (batch.length > 0) yield batch;
          scan.truncated = true;
          return false;
        }
        batch.push(full);
        found += 1;
      }
    }
    if (batch.length > 0) yield batch;
    return true;
  }
  return scan;
}

/** The whole scan of scanFolderInBatches at once. */
export async function scanFolder(root: string, limit = FOLDER_LIMIT): Promise<{ paths: string[]; truncated: boolean }> {
  const scan = scanFolderInBatches(root, limit);
  const paths: string[] = [];
  for await (const batch of scan.batches) for (const path of batch) paths.push(path);
  return { paths, truncated: scan.truncated };
}
