import { open } from 'node:fs/promises';

/**
 * The first `bytes` bytes of a file (fewer when it is shorter): enough to tell what it really is. Used
 * by the server on uploads (main reads the same head through the granted file handle).
 */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
