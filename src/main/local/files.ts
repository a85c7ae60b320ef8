import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import * as v from 'valibot';
import type { LocalImpl, Local } from '../../shared/api';
import { DroppedPathSchema, type PickKind } from '../../shared/api/app';
import { APP_TEXT } from '../../shared/messages';
import { fail, ok, type Result } from '../../shared/result';
import { MAX_CAPTION_FILE_BYTES } from '../../shared/schemas/transcripts';
import { GrantError, grantView, type GrantStore } from '../services/grants';
import { mediaFacts as sharedMediaFacts, type MediaFactsService } from '../services/media-facts';
import type { PosterFrames } from '../services/poster-frames';
import type { PreviewProblems } from '../services/media-proxy';

export interface FilesGroupDeps {
  grants: GrantStore;
  /** The native open dialog, or the bridge's stand-in; null when cancelled. */
  pickFile?: (kind: PickKind) => Promise<string | null>;
  /** The native save dialog (the bridge's stand-in in the preview); null when cancelled. */
  pickSavePath?: (defaultName: string) => Promise<string | null>;
  /** Shows a saved file in the system's file manager (Electron's shell; the bridge records the call). */
  showItemInFolder?: (path: string) => Promise<void> | void;
  /** The media worker's facts (the one main shares, unless a test brings its own). */
  media?: MediaFactsService;
  /** Where poster frames are written and granted (absent: the call says it is not available). */
  frames?: PosterFrames;
  /** What main's media proxy saw when a preview failed. */
  previewProblems?: PreviewProblems;
}

const grantFailure = (error: unknown): Result<never> => {
  if (error instanceof GrantError) return fail('validation', error.message);
  throw error;
};

/** Files the renderer may use (DESIGN section 7): granted by the open dialog or a drop, named by grant id. */
export function createFilesGroup({ grants, pickFile, pickSavePath, showItemInFolder, media = sharedMediaFacts(), frames, previewProblems }: FilesGroupDeps) {
  // The files this run saved, by an id the page may name (never by their path).
  const saved = new Map<string, string>();
  /** The save dialog, then the text written where the person chose. */
  async function saveText(name: string, text: string): Promise<Result<{ saved: string | null; savedId: string | null }>> {
    if (!pickSavePath) return fail('validation', 'Saving files is not available here.');
    const path = await pickSavePath(name);
    if (!path) return ok({ saved: null, savedId: null });
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, text, 'utf8');
    } catch (error) {
      return fail('validation', `The file could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    }
    const savedId = randomUUID();
    saved.set(savedId, path);
    return ok({ saved: basename(path), savedId });
  }

  /** A granted file's media facts, read through its checked handle (open until the worker is done). */
  async function factsOf(grantId: string) {
    const { grant, handle } = await grants.open(grantId);
    try {
      return await media.facts(handle, grant.size);
    } finally {
      await handle.close();
    }
  }

  const calls: LocalImpl<Local>['files'] = {
    pick: async ({ kind }) => {
      if (!pickFile) return fail('validation', 'Choosing files is not available here.');
      const path = await pickFile(kind);
      if (!path) return ok(null);
      return grants.grant(path).then((grant) => ok(grantView(grant)), grantFailure);
    },
    probe: async ({ grantId }) => {
      try {
        return ok(await factsOf(grantId));
      } catch (error) {
        if (error instanceof GrantError) return fail('validation', error.message);
        return fail('validation', error instanceof Error ? error.message : APP_TEXT.noDuration);
      }
    },
    readText: async ({ grantId }) => {
      try {
        const { grant, bytes } = await grants.readAll(grantId, MAX_CAPTION_FILE_BYTES, APP_TEXT.captionsTooLarge);
        return ok({ name: grant.name, text: bytes.toString('utf8') });
      } catch (error) {
        return grantFailure(error);
      }
    },
    saveFrame: async ({ grantId, image }) => {
      if (!frames) return fail('validation', 'Saving frames is not available here.');
      return frames.save(grantId, image).then((grant) => ok(grantView(grant)), grantFailure);
    },
    // A byte-order mark: spreadsheet programs then read the Indian scripts as UTF-8.
    saveCsv: async ({ name, text }) => saveText(name, `\uFEFF${text}`),
    saveView: async ({ name, text }) => saveText(name, text),
    saveReport: async ({ name, text }) => saveText(name, text),
    showInFolder: async ({ savedId }) => {
      const path = saved.get(savedId);
      if (!path || !showItemInFolder) return ok({ shown: false });
      await showItemInFolder(path);
      return ok({ shown: true });
    },
    previewProblem: async ({ src }) => ok(previewProblems?.get(src) ?? null),
  };

  /** The preload's drop channel: a path the preload resolved from the dropped `File`. */
  async function grantDropped(input: unknown): Promise<Result<unknown>> {
    const parsed = v.safeParse(DroppedPathSchema, input);
    if (!parsed.success || !parsed.output.path) return fail('validation', APP_TEXT.dropNotOnDisk);
    return grants.grant(parsed.output.path).then((grant) => ok(grantView(grant)), grantFailure);
  }

  return { calls, grantDropped, factsOf };
}
