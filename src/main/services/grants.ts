import { randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { APP_TEXT } from '../../shared/messages';
import type { GrantView } from '../../shared/api/app';

/**
 * A file the user chose (open dialog) or dropped; the renderer names it by id only. `path` is the real
 * path at grant time; device and inode say which file it was, so a file swapped in at the same path
 * (or a symlink put in its place) is refused.
 */
export interface Grant {
  id: string;
  path: string;
  name: string;
  size: number;
  mtime: number;
  device: number;
  inode: number;
}

/** A granted file opened for reading and checked against its grant; the caller closes `handle`. */
export interface OpenGrant {
  grant: Grant;
  handle: FileHandle;
}

export class GrantError extends Error {}

const MAX_GRANTS = 10_000;
/**
 * O_NOFOLLOW: a symlink put at the granted path is not followed (ELOOP). O_NONBLOCK: a FIFO put there
 * does not hang the open (it is then refused as not a regular file); regular files ignore the flag.
 * Windows has neither (0), and there a swap still shows up as another file index (inode).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Opens a file main found by its path itself (a folder's scan, a caption file beside a video) the way a
 * grant is opened: a symlink at the path is not followed, a FIFO does not hang the open, and anything
 * but a regular file is refused on the open handle (so nothing can be swapped in after a check). Throws
 * GrantError; the caller closes `handle`.
 */
export async function openFoundFile(path: string): Promise<{ handle: FileHandle; info: Stats }> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    throw new GrantError((error as { code?: string }).code === 'ELOOP' ? APP_TEXT.foundLink : APP_TEXT.fileMissing);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new GrantError(APP_TEXT.notAFile);
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw error instanceof GrantError ? error : new GrantError(APP_TEXT.fileMissing);
  }
}

/**
 * Reads an open file whole, counting the bytes actually read (a file may report a size other than what
 * it holds, e.g. under /proc): more than `maxBytes` throws GrantError(`tooLarge`).
 */
async function readBounded(handle: FileHandle, size: number, maxBytes: number, tooLarge: string): Promise<Buffer> {
  if (size > maxBytes) throw new GrantError(tooLarge);
  const buffer = Buffer.alloc(maxBytes + 1);
  let length = 0;
  while (length < buffer.length) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  if (length > maxBytes) throw new GrantError(tooLarge);
  return buffer.subarray(0, length);
}

/** A found file (see openFoundFile) read whole, at most `maxBytes`. */
export async function readFoundFile(path: string, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const { handle, info } = await openFoundFile(path);
  try {
    return await readBounded(handle, info.size, maxBytes, tooLarge);
  } finally {
    await handle.close();
  }
}

/** True when the file on disk is still the one that was granted, unchanged. */
export function sameFile(grant: Grant, info: Stats): boolean {
  return info.isFile() && info.dev === grant.device && info.ino === grant.inode && info.size === grant.size && info.mtimeMs === grant.mtime;
}

/**
 * The files main may read for the renderer (DESIGN section 7). Nothing else is ever read: a file main
 * did not grant is refused, and a granted file that changed on disk (another file at the path, a
 * symlink, other size or mtime) must be chosen again. Every read goes through `open`, which checks
 * the opened handle itself, so nothing can be swapped between the check and the read.
 */
export class GrantStore {
  private readonly grants = new Map<string, Grant>();

  /**
   * Records a regular file, by its real path (absolute paths only: they come from the native dialog
   * or from the preload's `webUtils.getPathForFile`). Throws GrantError for anything else.
   */
  async grant(path: string): Promise<Grant> {
    if (!path || !isAbsolute(path) || path.includes('\0')) throw new GrantError(APP_TEXT.fileMissing);
    let full: string;
    let info: Stats;
    try {
      full = await realpath(path);
      info = await stat(full);
    } catch {
      throw new GrantError(APP_TEXT.fileMissing);
    }
    if (!info.isFile()) throw new GrantError(APP_TEXT.notAFile);
    const grant: Grant = {
      id: randomUUID(),
      path: full,
      name: basename(full),
      size: info.size,
      mtime: info.mtimeMs,
      device: info.dev,
      inode: info.ino,
    };
    if (this.grants.size >= MAX_GRANTS) {
      const oldest = this.grants.keys().next().value;
      if (oldest !== undefined) this.grants.delete(oldest);
    }
    this.grants.set(grant.id, grant);
    return grant;
  }

  /** Opens a granted file, checked on the handle: throws GrantError when unknown, gone or changed. */
  async open(id: string): Promise<OpenGrant> {
    const grant = this.grants.get(id);
    if (!grant) throw new GrantError(APP_TEXT.fileNotGranted);
    let handle: FileHandle;
    try {
      handle = await open(grant.path, OPEN_FLAGS);
    } catch (error) {
      // ELOOP: a symlink now stands at the path.
      throw new GrantError((error as { code?: string }).code === 'ELOOP' ? APP_TEXT.fileChanged : APP_TEXT.fileMissing);
    }
    try {
      if (!sameFile(grant, await handle.stat())) throw new GrantError(APP_TEXT.fileChanged);
      return { grant, handle };
    } catch (error) {
      await handle.close();
      throw error instanceof GrantError ? error : new GrantError(APP_TEXT.fileMissing);
    }
  }

  /** The grant, checked against the disk (open, compare, close). */
  async use(id: string): Promise<Grant> {
    const { grant, handle } = await this.open(id);
    await handle.close();
    return grant;
  }

  /** Reads a granted file whole, at most `maxBytes` (see readBounded). */
  async readAll(id: string, maxBytes: number, tooLarge: string): Promise<{ grant: Grant; bytes: Buffer }> {
    const { grant, handle } = await this.open(id);
    try {
      return { grant, bytes: await readBounded(handle, grant.size, maxBytes, tooLarge) };
    } finally {
      await handle.close();
    }
  }
}

export const grantView = (grant: Grant): GrantView => ({ grantId: grant.id, name: grant.name, size: grant.size, mtime: grant.mtime });
