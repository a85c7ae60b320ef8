import { realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * What a queued file is: where it is (its real path, links resolved), which file it is (device and
 * inode: a rename keeps them, a replacement does not) and its content's version (size and mtime).
 */
export interface FileIdentity {
  path: string;
  name: string;
  device: number;
  inode: number;
  size: number;
  mtimeMs: number;
}

export class IdentityError extends Error {}

/** The identity of a regular file now. Throws IdentityError when it is missing or not a regular file. */
export async function identityOf(path: string): Promise<FileIdentity> {
  let real: string;
  let info;
  try {
    real = await realpath(path);
    info = await stat(real);
  } catch {
    throw new IdentityError(`Cannot read ${basename(path)}.`);
  }
  if (!info.isFile()) throw new IdentityError(`${basename(path)} is not a regular file.`);
  return { path: real, name: basename(real), device: info.dev, inode: info.ino, size: info.size, mtimeMs: info.mtimeMs };
}

/** 'same' when the file at the recorded path is still the one recorded (same inode, size and mtime). */
export async function checkIdentity(file: FileIdentity): Promise<'same' | 'changed' | 'missing'> {
  let info;
  try {
    info = await stat(file.path);
  } catch {
    return 'missing';
  }
  if (!info.isFile()) return 'missing';
  const same = info.dev === file.device && info.ino === file.inode && info.size === file.size && info.mtimeMs === file.mtimeMs;
  return same ? 'same' : 'changed';
}

/** The key that says two queued entries are the same file. */
export const sameFileKey = (file: Pick<FileIdentity, 'path' | 'device' | 'inode'>): string => `${file.device}:${file.inode}:${file.path}`;
