import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The server sends no real email: messages (password resets, new-account invitations) go to an
 * outbox, one JSON file per message in `<dataDir>/outbox/`, or in memory without a data folder.
 */
export interface OutboxMessage {
  id: string;
  createdAt: string;
  to: string;
  subject: string;
  body: string;
  /** The links in the body: the app's deep link first, then the web link when a base is configured. */
  links: string[];
}

export interface Outbox {
  send(message: Omit<OutboxMessage, 'id' | 'createdAt'>, now: Date): Promise<OutboxMessage>;
  /** Newest first. */
  read(): Promise<OutboxMessage[]>;
}

let sequence = 0;
// Sortable ids: the time, then a per-process counter for messages written in the same millisecond.
const nextId = (now: Date): string =>
  `${now.toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;

const newestFirst = (a: OutboxMessage, b: OutboxMessage): number =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

export function fileOutbox(dataDir: string): Outbox {
  const dir = outboxDir(dataDir);
  return {
    async send(message, now) {
      const full: OutboxMessage = { id: nextId(now), createdAt: now.toISOString(), ...message };
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a message.
      const file = path.join(dir, `${full.id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify(full, null, 2), 'utf8');
      await rename(`${file}.tmp`, file);
      return full;
    },
    read: () => readOutbox(dataDir),
  };
}

export function memoryOutbox(): Outbox {
  const messages: OutboxMessage[] = [];
  return {
    async send(message, now) {
      const full: OutboxMessage = { id: nextId(now), createdAt: now.toISOString(), ...message };
      messages.push(full);
      return full;
    },
    read: async () => [...messages].sort(newestFirst),
  };
}

/** The messages in `<dataDir>/outbox/`, newest first; empty when there is none. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir(dataDir))).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const messages = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir(dataDir), name), 'utf8')) as OutboxMessage),
  );
  return messages.sort(newestFirst);
}
