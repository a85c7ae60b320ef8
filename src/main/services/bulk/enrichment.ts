import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Language } from '../../../shared/constants';
import { APP_TEXT } from '../../../shared/messages';
import type { Result } from '../../../shared/result';
import type { FileType } from '../../../shared/schemas/library';
import { fileTypeOfFacts, mediaVerdict, type MediaFacts } from '../../../shared/schemas/media';
import { MAX_CAPTION_FILE_BYTES } from '../../../shared/schemas/transcripts';
import { sidecarCues, sidecarLanguage } from '../../../shared/sidecar';
import { readFoundFile } from '../grants';
import { Limiter } from '../limiter';
import type { BulkItem, LifecycleEvent } from './lifecycle';
import { fileTypeOfName, sniffFileType } from './sniff';
import type { UploadedIndex } from './uploaded-index';

const PROBE_CONCURRENCY = 2;

export interface EnrichmentDeps {
  /** The SHA-256 of a file's content (main's media worker), for duplicates by content. */
  hashFile?: (path: string) => Promise<string>;
  /** The media facts of a file (main's media worker); a null duration when it has none. */
  readFacts?: (path: string) => Promise<MediaFacts>;
  /**
   * Imports a done item's caption cues as the record's transcripts (videoRepository.bulkTranscripts,
   * replacing that language's lines, so importing twice after a crash makes no double lines).
   */
  importCaptions?: (recordId: string, language: Language, cues: { timeStamp: string; captionText: string }[]) => Promise<Result<{ count: number }>>;
  uploaded?: { index: UploadedIndex; server: () => string | null };
}

/** What the queue does with what enrichment found. */
export interface EnrichmentHost {
  /** The item as the queue holds it now (undefined: removed). */
  current(id: string): BulkItem | undefined;
  closed(): boolean;
  /** The facts of a probed file, read while it was still `path` (the queue checks it still is). */
  factsRead(item: BulkItem, path: string, event: Extract<LifecycleEvent, { type: 'factsRead' }>): void;
  /** A caption's state changed (written soon, the view told). */
  captionChanged(item: BulkItem): void;
}

/**
 * What the queue learns of a file in the background, on the shared limiter: its type from its content,
 * its media facts and verdict, its content hash (probes, two at a time), and the caption files beside
 * it (sidecars), imported as the record's transcripts once the item is uploaded.
 */
export class Enrichment {
  private readonly probes = new Limiter(PROBE_CONCURRENCY);
  /** Folder listings of the current adds, for sidecar captions. */
  private readonly folderListings = new Map<string, Promise<string[]>>();
  /** Done items whose captions wait for a session or the server (an auth or network failure): tried again. */
  private readonly captionsWaiting = new Set<string>();

  constructor(
    private readonly deps: EnrichmentDeps,
    private readonly host: EnrichmentHost,
  ) {}

  /** Probes the items in turn (an item no longer pending when its turn comes is passed over). */
  probe(ids: Iterable<string>): void {
    for (const id of ids) {
      void this.probes.run(async () => {
        const item = this.host.current(id);
        if (this.host.closed() || !item || item.probe !== 'pending') return;
        await this.probeItem(item);
      });
    }
  }

  private async probeItem(item: BulkItem): Promise<void> {
    const path = item.file.path;
    let fileType: FileType = item.fileType;
    let facts: MediaFacts | null = null;
    const byName = fileTypeOfName(item.file.name);
    let sniffed: FileType | null = null;
    let factsFailed = false;
    try {
      sniffed = await sniffFileType(path, item.file.name);
      fileType = sniffed;
      // Bulk Upload is for video and audio: every file given to it is read by the media library,
      // whatever it turns out to be (a JPEG named .mov is a picture, not "other"; so is a .png).
      if (this.deps.readFacts) {
        facts = await this.deps.readFacts(path).catch(() => {
          factsFailed = true;
          return null;
        });
        // The tracks the file has decide (a .mp4 of sound alone is audio).
        if (facts && (facts.video || facts.audio)) fileType = fileTypeOfFacts(facts);
      }
    } catch {
      facts = null;
    }
    // The verdict of every file (each is meant as media here: an image or a .json is held as not
    // playable until the person sends it anyway or removes it), once what it is has been read: its
    // content not media, or the media library's facts (a library that could not read it says nothing).
    const judged = sniffed !== null && (sniffed === 'other' || (!!this.deps.readFacts && !factsFailed));
    const verdict = judged ? mediaVerdict({ size: item.file.size, facts, fileType }) : null;
    // Not playable: the type its name gives stays (it is not silently made "other").
    if (verdict?.kind === 'unplayable' && byName !== 'other') fileType = byName;
    let hash: string | null = null;
    if (this.deps.hashFile) hash = await this.deps.hashFile(path).catch(() => null);
    const captions = this.deps.importCaptions ? await this.sidecarsOf(path, item.file.name) : [];
    this.host.factsRead(item, path, { type: 'factsRead', fileType, facts, verdict, hash, captions });
  }

  /** Caption files beside a media file (same base name, an optional language suffix). */
  private async sidecarsOf(path: string, name: string): Promise<BulkItem['captions']> {
    const folder = dirname(path);
    let listing = this.folderListings.get(folder);
    if (!listing) {
      // One listing per folder for a whole add (a folder of 1,000 videos is read once, not 1,000 times).
      if (this.folderListings.size > 64) this.folderListings.clear();
      listing = readdir(folder).catch(() => []);
      this.folderListings.set(folder, listing);
      setTimeout(() => this.folderListings.delete(folder), 5000).unref?.();
    }
    const found: BulkItem['captions'] = [];
    for (const entry of await listing) {
      const language = sidecarLanguage(name, entry);
      if (language !== undefined) found.push({ name: entry, path: join(folder, entry), language, state: 'pending', message: null });
    }
    return found;
  }

  /** A done item: its captions imported, those that waited tried again, its content remembered (what this client sent, and where). */
  uploaded(item: BulkItem): void {
    void this.importCaptionsOf(item);
    this.retryWaitingCaptions();
    const server = this.deps.uploaded?.server();
    if (!item.hash || !item.recordId || !server) return;
    void this.deps.uploaded!.index.record({ hash: item.hash, server, id: item.recordId, title: item.meta.title });
  }

  /** After the upload: each pending caption file checked as the caption import checks it, then imported. */
  async importCaptionsOf(item: BulkItem): Promise<void> {
    const importer = this.deps.importCaptions;
    if (!importer || !item.recordId || !item.captions.some((c) => c.state === 'pending')) return;
    for (const caption of item.captions) {
      if (caption.state !== 'pending') continue;
      const language = caption.language ?? (item.meta.language || 'English');
      let outcome: { ok: true; count: number } | { ok: false; message: string };
      try {
        // Opened as a grant is: a link or a FIFO at the caption's path is refused, not followed or waited on.
        const parsed = sidecarCues((await readFoundFile(caption.path, MAX_CAPTION_FILE_BYTES, APP_TEXT.captionsTooLarge)).toString('utf8'));
        if (!parsed.ok) outcome = parsed;
        else {
          const answer = await importer(item.recordId, language, parsed.cues);
          // Not signed in yet (a restart restores the queue before the session) or the server away:
          // the captions stay pending and are tried again at the next upload done or start.
          if (!answer.ok && (answer.error.kind === 'auth' || answer.error.kind === 'network')) {
            this.captionsWaiting.add(item.id);
            return;
          }
          outcome = answer.ok ? { ok: true, count: answer.data.count } : { ok: false, message: answer.error.message };
        }
      } catch (error) {
        outcome = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      if (this.host.closed() || !this.host.current(item.id)) return;
      caption.state = outcome.ok ? 'imported' : 'failed';
      caption.message = outcome.ok ? `${outcome.count} ${language} lines imported` : outcome.message;
      this.host.captionChanged(item);
    }
  }

  /** Captions that waited for a session or the server, imported now. */
  retryWaitingCaptions(): void {
    const waiting = [...this.captionsWaiting];
    this.captionsWaiting.clear();
    for (const id of waiting) {
      const item = this.host.current(id);
      if (item?.state === 'done') void this.importCaptionsOf(item);
    }
  }
}
