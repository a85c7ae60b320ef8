import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export async function writeFileAtomic(path: string, data: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * writeFileAtomic for a file written again and again (the settings): one write at a time, in the order
 * asked. Two atomic writes at once can end in either order (each renames its own temporary file), so a
 * small newer content could be replaced by a large older one. A write asked while another is on its way
 * waits; of several waiting, only the newest content is written, and each caller's promise settles when
 * its content, or a newer one, is on disk (or that write failed).
 */
export function inOrderWrites(path: string): (data: string | Buffer) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  let waiting: { data: string | Buffer; written: Promise<void> } | null = null;
  return (data) => {
    if (waiting) {
      waiting.data = data;
      return waiting.written;
    }
    const next: { data: string | Buffer; written: Promise<void> } = { data, written: Promise.resolve() };
    next.written = last
      .catch(() => undefined)
      .then(() => {
        waiting = null;
        return writeFileAtomic(path, next.data);
      });
    waiting = next;
    last = next.written;
    return next.written;
  };
}

/**
 * writeFileAtomic for a large text made of many pieces: written in slices of about 1 MiB, so no
 * single string or buffer of the whole file is ever held (the bulk queue: thousands of items).
 */
export async function writeChunksAtomic(path: string, chunks: Iterable<string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  const flush = async (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += (await handle.write(bytes, at)).bytesWritten;
  };
  try {
    let pending: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      pending.push(chunk);
      size += chunk.length;
      if (size >= 1024 * 1024) {
        await flush(pending.join(''));
        pending = [];
        size = 0;
      }
    }
    if (pending.length > 0) await flush(pending.join(''));
    await handle.close();
    await rename(temp, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
}

export async function readFileOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function fileAt(path: string) {
  return {
    read: () => readFileOrNull(path),
    write: (data: Buffer) => writeFileAtomic(path, data),
    remove: () => rm(path, { force: true }),
  };
}
