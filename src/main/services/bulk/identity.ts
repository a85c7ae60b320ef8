import { lstatSync, realpathSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

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

/**
 * The identities of many files (a folder of thousands), fast: each folder's real path is resolved
 * once and each file is one lstat (a file that is itself a link is resolved fully). Synchronous calls
 * in slices of `slice` files, yielding to the event loop between slices, so main stays responsive;
 * async calls per file cost several times more through the thread pool. Errors are per file.
 */
export async function identitiesOf(paths: readonly string[], slice = 500): Promise<(FileIdentity | IdentityError)[]> {
  const folders = new Map<string, string | null>();
  const realFolder = (folder: string): string | null => {
    let real = folders.get(folder);
    if (real === undefined) {
      try {
        real = realpathSync.native(folder);
      } catch {
        real = null;
      }
      folders.set(folder, real);
    }
    return real;
  };
  const one = (path: string): FileIdentity | IdentityError => {
    const name = basename(path);
    try {
      const folder = realFolder(dirname(path));
      if (folder === null) return new IdentityError(`Cannot read ${name}.`);
      let real = join(folder, name);
      let info = lstatSync(real);
      if (info.isSymbolicLink()) {
        real = realpathSync.native(real);
        info = statSync(real);
      }
      if (!info.isFile()) return new IdentityError(`${name} is not a regular file.`);
      return { path: real, name: basename(real), device: info.dev, inode: info.ino, size: info.size, mtimeMs: info.mtimeMs };
    } catch {
      return new IdentityError(`Cannot read ${name}.`);
    }
  };
  const out: (FileIdentity | IdentityError)[] = [];
  for (let start = 0; start < paths.length; start += slice) {
    if (start > 0) await yieldToLoop();
    for (const path of paths.slice(start, start + slice)) out.push(one(path));
  }
  return out;
}

/** checkIdentity for many files (a restored queue), synchronously in slices like identitiesOf. */
export async function checkIdentities(files: readonly FileIdentity[], slice = 500): Promise<('same' | 'changed' | 'missing')[]> {
  const out: ('same' | 'changed' | 'missing')[] = [];
  for (let start = 0; start < files.length; start += slice) {
    if (start > 0) await yieldToLoop();
    for (const file of files.slice(start, start + slice)) {
      const info = statSync(file.path, { throwIfNoEntry: false });
      if (!info || !info.isFile()) out.push('missing');
      else out.push(info.dev === file.device && info.ino === file.inode && info.size === file.size && info.mtimeMs === file.mtimeMs ? 'same' : 'changed');
    }
  }
  return out;
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

/** A file's identity, or the error that says why it cannot be read (for an answer, not a throw). */
export async function identityOrError(path: string): Promise<FileIdentity | Error> {
  return identityOf(path).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}
