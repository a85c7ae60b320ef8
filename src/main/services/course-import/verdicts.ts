import { lstat } from 'node:fs/promises';
import { fileTypeOfFacts, mediaVerdict, type MediaFacts, type MediaVerdict } from '../../../shared/schemas/media';
import { fileTypeOfName, sniffFileType } from '../bulk/sniff';

/** The media library's facts of a file found by path (main's media worker; a fake nowhere: tests use the real one). */
export type ReadFacts = (path: string) => Promise<MediaFacts>;

/**
 * The verdict the bulk queue will give a file of an import, read before the import starts so the
 * preview says it in the same words: a file its name or its first bytes call video or audio is read by
 * the media library, and its size and facts decide. Null where nothing is judged: a file not meant as
 * media, one that cannot be opened, or one whose bytes say media but the library could not read (the
 * queue says nothing of those either).
 */
export async function verdictOfPath(path: string, name: string, readFacts: ReadFacts): Promise<MediaVerdict | null> {
  const byName = fileTypeOfName(name);
  let size: number;
  let sniffed: ReturnType<typeof fileTypeOfName>;
  try {
    size = (await lstat(path)).size;
    sniffed = await sniffFileType(path, name);
  } catch {
    return null;
  }
  if (byName === 'other' && sniffed === 'other') return null;
  let facts: MediaFacts | null = null;
  try {
    facts = await readFacts(path);
  } catch {
    if (sniffed !== 'other') return null;
  }
  const fileType = facts && (facts.video || facts.audio) ? fileTypeOfFacts(facts) : sniffed;
  return mediaVerdict({ size, facts, fileType });
}
