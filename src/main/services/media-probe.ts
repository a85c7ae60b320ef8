import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseFromTokenizer } from 'music-metadata';
import { AbstractTokenizer, EndOfStreamError, type IRandomAccessFileInfo, type IReadChunkOptions } from 'strtok3';
import { APP_TEXT } from '../../shared/messages';

/**
 * A random-access tokenizer over a handle that is already open and checked against its grant, so the
 * header is read from that very file, not from whatever its path names by now. (strtok3's own
 * FileTokenizer opens by path.) The handle stays the caller's to close.
 */
class HandleTokenizer extends AbstractTokenizer {
  readonly fileInfo: IRandomAccessFileInfo;

  constructor(
    private readonly handle: FileHandle,
    size: number,
    name: string,
  ) {
    super();
    // `path` only hints the format by its extension; nothing is opened by name.
    this.fileInfo = { size, path: name };
  }

  override async readBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normal = this.normalizeOptions(buffer, options);
    this.position = normal.position;
    const read = await this.readAt(buffer, normal.position, normal.length, !!normal.mayBeLess);
    this.position += read;
    return read;
  }

  override async peekBuffer(buffer: Uint8Array, options?: IReadChunkOptions): Promise<number> {
    const normal = this.normalizeOptions(buffer, options);
    return this.readAt(buffer, normal.position, normal.length, !!normal.mayBeLess);
  }

  private async readAt(buffer: Uint8Array, position: number, length: number, mayBeLess: boolean): Promise<number> {
    let read = 0;
    while (read < length) {
      const { bytesRead } = await this.handle.read(buffer, read, length - read, position + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    if (!mayBeLess && read < length) throw new EndOfStreamError();
    return read;
  }

  setPosition(position: number): void {
    this.validateLength(position, 'position');
    this.position = position;
  }

  supportsRandomAccess(): boolean {
    return true;
  }
}

/**
 * The duration of an audio or video file in whole seconds, read from its header (mp4, webm, mp3,
 * ...) through an open handle. Throws an Error with a clear message when the file has none.
 */
export async function probeDuration(handle: FileHandle, size: number, name: string): Promise<number> {
  let duration: number | undefined;
  try {
    const meta = await parseFromTokenizer(new HandleTokenizer(handle, size, name), { duration: false, skipCovers: true });
    duration = meta.format.duration;
  } catch {
    duration = undefined;
  }
  if (duration === undefined || !Number.isFinite(duration) || duration <= 0) throw new Error(APP_TEXT.noDuration);
  return Math.round(duration);
}

/** probeDuration for a file main found itself (the bulk queue's folder scan): opened read-only and closed. */
export async function probeDurationOfPath(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    return await probeDuration(handle, (await handle.stat()).size, basename(path));
  } finally {
    await handle.close();
  }
}
