import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { APP_TEXT } from '../../shared/messages';
import type { GrantView } from '../../shared/api/app';

/** A file the user chose (open dialog) or dropped; the renderer names it by id only. */
export interface Grant {
  id: string;
  path: string;
  name: string;
  size: number;
  mtime: number;
}

export class GrantError extends Error {}

const MAX_GRANTS = 10_000;

/**
 * The files main may read for the renderer (DESIGN section 7). Nothing else is ever read: a path
 * main did not grant is refused, and a granted file that changed on disk (size or mtime) must be
 * chosen again.
 */
export class GrantStore {
  private readonly grants = new Map<string, Grant>();

  /** Records a regular file; throws GrantError when it is not one. */
  async grant(path: string): Promise<Grant> {
    const full = resolve(path);
    let info;
    try {
      info = await stat(full);
    } catch {
      throw new GrantError(APP_TEXT.fileMissing);
    }
    if (!info.isFile()) throw new GrantError(APP_TEXT.notAFile);
    const grant: Grant = { id: randomUUID(), path: full, name: basename(full), size: info.size, mtime: info.mtimeMs };
    if (this.grants.size >= MAX_GRANTS) {
      const oldest = this.grants.keys().next().value;
      if (oldest !== undefined) this.grants.delete(oldest);
    }
    this.grants.set(grant.id, grant);
    return grant;
  }

  /** The grant, checked against the disk: throws GrantError when unknown, gone or changed. */
  async use(id: string): Promise<Grant> {
    const grant = this.grants.get(id);
    if (!grant) throw new GrantError(APP_TEXT.fileNotGranted);
    let info;
    try {
      info = await stat(grant.path);
    } catch {
      throw new GrantError(APP_TEXT.fileMissing);
    }
    if (!info.isFile() || info.size !== grant.size || info.mtimeMs !== grant.mtime) throw new GrantError(APP_TEXT.fileChanged);
    return grant;
  }
}

export const grantView = (grant: Grant): GrantView => ({ grantId: grant.id, name: grant.name, size: grant.size, mtime: grant.mtime });
