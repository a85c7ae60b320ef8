import { join } from 'node:path';
import * as v from 'valibot';
import type { LocalImpl, Local } from '../../shared/api';
import { RECENT_LIMIT, recentKey } from '../../shared/find';
import { ok } from '../../shared/result';
import { readFileOrNull, writeFileAtomic } from '../services/atomic-file';
import type { Windows } from '../services/lists/windows';

export const RECENT_FILE = 'recent-records.json';

/** Find anything: answered by the list worker; the records chosen lately are kept in userData (ids only). */
export async function createFindGroup({ windows, stateDir, viewerRole }: { windows: Windows; stateDir: string; viewerRole: () => string | null }) {
  const path = join(stateDir, RECENT_FILE);
  let recent: string[] = [];
  try {
    const parsed = v.safeParse(v.array(v.string()), JSON.parse((await readFileOrNull(path))?.toString('utf8') ?? '[]'));
    if (parsed.success) recent = parsed.output.slice(0, RECENT_LIMIT);
  } catch {
    // A file that does not read: no recent records.
  }
  const calls: LocalImpl<Local>['find'] = {
    // The signed-in person's role: an Admin finds accounts of role User only, as the Admins screen lists them.
    records: ({ text }) => windows.find(text, recent, viewerRole()),
    chosen: async (record) => {
      const key = recentKey(record);
      recent = [key, ...recent.filter((k) => k !== key)].slice(0, RECENT_LIMIT);
      await writeFileAtomic(path, JSON.stringify(recent));
      return ok({});
    },
  };
  return { calls };
}
