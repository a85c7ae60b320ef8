import { join } from 'node:path';
import * as v from 'valibot';
import { fileAt } from '../atomic-file';

/**
 * Whose queue it is. A queue is filled for one connection and one account (the files, titles and the
 * business ideas chosen are meant for that library): signed in anywhere else, it stays paused and says
 * for whom it was prepared, until the person explicitly moves it (`moveTo`). Kept in its own file next
 * to the queue file, so the queue's own format does not change.
 */
export interface QueueOwner {
  /** The server's origin, as the session names it (`Session.accountFor`). */
  server: string;
  email: string;
}

export const OWNER_FILE = 'bulk-queue-owner.json';
const OwnerSchema = v.object({ server: v.pipe(v.string(), v.nonEmpty()), email: v.pipe(v.string(), v.nonEmpty()) });

export const ownerText = {
  preparedFor: (owner: QueueOwner, current: QueueOwner) =>
    `This queue was prepared for ${owner.server} as ${owner.email}. You are signed in to ${current.server} as ${current.email}: move the queue here to upload it here, or sign in there to upload it there.`,
} as const;

const sameOwner = (a: QueueOwner, b: QueueOwner) => a.server === b.server && a.email.toLowerCase() === b.email.toLowerCase();

export class QueueOwnership {
  private constructor(
    private owner: QueueOwner | null,
    private readonly file: ReturnType<typeof fileAt>,
  ) {}

  /** The recorded owner of the queue in `folder` (none, or an unreadable file: no owner yet). */
  static async open(folder: string): Promise<QueueOwnership> {
    const file = fileAt(join(folder, OWNER_FILE));
    const raw = await file.read().catch(() => null);
    let owner: QueueOwner | null = null;
    try {
      if (raw) owner = v.parse(OwnerSchema, JSON.parse(raw.toString('utf8')));
    } catch {
      owner = null;
    }
    return new QueueOwnership(owner, file);
  }

  current(): QueueOwner | null {
    return this.owner;
  }

  /**
   * Why the queue must not upload for the signed-in `current`, as the notice to show; null when it may
   * (its owner, or nobody recorded yet, or nobody signed in: then the sign-in itself is what is missing).
   */
  refusal(current: QueueOwner | null): string | null {
    if (!this.owner || !current || sameOwner(this.owner, current)) return null;
    return ownerText.preparedFor(this.owner, current);
  }

  /**
   * Files are being added for `current`: a queue with no open work (empty, or all done or cancelled)
   * becomes theirs; a queue with open work keeps its owner (adding to someone else's queue does not
   * take it over).
   */
  async filling(current: QueueOwner | null, hasOpenWork: boolean): Promise<void> {
    if (!current || (this.owner && hasOpenWork)) return;
    await this.moveTo(current);
  }

  /** The person's explicit choice: the queue now belongs to `current`. */
  async moveTo(current: QueueOwner): Promise<void> {
    if (this.owner && sameOwner(this.owner, current)) return;
    await this.file.write(Buffer.from(JSON.stringify(current)));
    this.owner = { ...current };
  }
}
