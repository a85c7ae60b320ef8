import { actionTitle, type HistoryAction, type HistoryRow } from '../../shared/history';

/** Who is signed in where, since when: the reach of Ctrl+Z ("the last action of this session"). */
export interface SessionOf {
  /** When this run of the app started (ms). */
  since: number;
  email: string | null;
  server: string;
}

/** The records an action wrote: each record once (a Retry writes a failed one again). */
function recordsOf(rows: HistoryRow[]): { count: number; failed: number } {
  // Newest first: a record's first entry here is its last write.
  const last = new Map<string, boolean>();
  for (const row of rows) {
    const key = row.record.id ?? row.id;
    if (!last.has(key)) last.set(key, row.answer.ok);
  }
  return { count: last.size, failed: [...last.values()].filter((ok) => !ok).length };
}

/** The title of an action of many writes that does not name itself (older entries, a screen that said nothing). */
function plainTitle(rows: HistoryRow[], count: number): string {
  const records = `${count.toLocaleString('en-IN')} ${count === 1 ? 'record' : 'records'}`;
  if (rows.every((r) => r.method === 'DELETE')) return `Deleted ${records}`;
  if (rows.every((r) => !r.before)) return `Added ${records}`;
  return `Changed ${records}`;
}

/** Why Undo of the whole action is not offered (null: it is). */
function undoReasonOf(rows: HistoryRow[], undone: boolean): string | null {
  if (rows.length === 1) return rows[0]!.undo;
  // What is left of a partly undone action is undone record by record (its details), each checked again.
  if (undone) return 'Already undone (what is left can be undone record by record in its details).';
  return rows.some((r) => r.undo === null) ? null : (rows[0]!.undo ?? null);
}

/**
 * History's entries as user actions, newest first: the writes of one batch (a bulk change, a bulk
 * delete, an Undo of an action) are one action with its records inside, named by what the screen
 * said it did ('Changed Difficulty of 300 questions'); any other write is an action of its own.
 * `rows`: newest first, as HistoryStore.list answers them.
 */
export function actionsOf(rows: HistoryRow[], session: SessionOf): HistoryAction[] {
  const groups = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const key = row.batch ? `batch:${row.batch}` : `entry:${row.id}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  // The title of the action each entry belongs to: an Undo of an action is named after it.
  const titleOfEntry = new Map<string, string>();
  const actions = [...groups.values()].map((members) => {
    const first = members[0]!;
    const { count, failed } = recordsOf(members);
    const named = members.find((r) => r.action)?.action;
    const title = members.length === 1 && !named ? first.record.label : named ? actionTitle(named, count) : plainTitle(members, count);
    for (const member of members) titleOfEntry.set(member.id, title);
    const undone = members.some((r) => r.undone);
    const action: HistoryAction = {
      id: first.batch ?? first.id,
      batch: first.batch ?? null,
      at: first.at,
      who: first.who,
      server: first.server,
      screen: first.screen,
      title,
      count,
      failed,
      rows: members,
      undo: undoReasonOf(members, undone),
      undone,
      isUndo: members.every((r) => r.undoOf !== undefined),
      thisSession: first.at >= session.since && first.server === session.server && (first.who?.email ?? null) === session.email,
    };
    return action;
  });
  // Undo of an action of many: 'Undo: Changed Difficulty of 300 questions'.
  for (const action of actions) {
    if (!action.isUndo || action.rows.length < 2) continue;
    const undid = titleOfEntry.get(action.rows[0]!.undoOf!);
    action.title = `Undo: ${undid ?? `${action.count.toLocaleString('en-IN')} changes`}`;
  }
  return actions;
}
