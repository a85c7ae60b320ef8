import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { HistoryRow } from '../../shared/history';
import { changeLine, type NameOf } from '../lib/change-text';
import { LISTS } from '../../shared/lists';
import type { FindSpec } from '../../shared/find';
import { callQuery } from '../lib/calls';
import { formatDateTime } from '../lib/format';
import { pathOfScreen, useOpenRecord } from '../lib/open-record';

/** The record an edit dialog was opened on (the kit's FormDialog provides it): its recent changes show. */
export const DialogRecord = createContext<unknown>(null);

/** Names by id of what a change may point at (categories, business ideas, keyword groups), from lists kept a while. */
export function useChangeNames(): NameOf {
  const STATIC = { staleTime: 5 * 60_000 } as const;
  const categories = useQuery({ ...callQuery('questionBank.categories'), ...STATIC }).data;
  const libraryCategories = useQuery({ ...callQuery('library.categories'), ...STATIC }).data;
  const ideas = useQuery({ ...callQuery('businessIdeas.all'), ...STATIC }).data;
  const keywords = useQuery({ ...callQuery('library.keywords'), ...STATIC }).data;
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const c of categories ?? []) names.set(c._id, c.name);
    for (const c of libraryCategories ?? []) names.set(c._id, c.english);
    for (const i of ideas ?? []) names.set(i._id, i.inEnglish);
    for (const k of keywords ?? []) names.set(k._id, k.keyword);
    return (id: string) => names.get(id);
  }, [categories, libraryCategories, ideas, keywords]);
}

/** What an entry changed, in a line ('Category: Dairy → Poultry'), values cut; `full`: nothing cut. */
export function changeText(row: HistoryRow, nameOf: NameOf = () => undefined, full = false): string {
  return changeLine(row, nameOf, full);
}

const specOf = (screen: string): FindSpec<never> | undefined =>
  Object.values(LISTS).find((def) => (def as { find?: FindSpec<never> }).find?.screen === screen)?.find as FindSpec<never> | undefined;

/** Where an entry's record opens (its screen with the record selected), or null when its screen has no route. */
export function useRecordTarget(row: HistoryRow): { open: () => void } | null {
  const open = useOpenRecord();
  if (!pathOfScreen(row.screen) || row.method === 'DELETE') return null;
  const spec = specOf(row.screen);
  let key = row.record.label;
  try {
    // The record as this change left it: what was sent over what it was.
    key = spec ? String(spec.key({ ...row.before, ...row.after } as never)) : key;
  } catch {
    // The record as sent lacks the key's field (an add): its name is searched instead.
  }
  return { open: () => open({ screen: row.screen, key, id: row.record.id }) };
}

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, gridColumn: '1 / -1', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

const idOf = (record: unknown): string | null => {
  const r = record as { _id?: unknown; id?: unknown } | null;
  return typeof r?._id === 'string' ? r._id : typeof r?.id === 'string' ? r.id : null;
};

/** A record's own recent changes made from this console (newest first, at most five), under its form. */
export function RecordChanges() {
  const styles = useStyles();
  const id = idOf(useContext(DialogRecord));
  const query = useQuery({ ...callQuery('history.ofRecord', { id: id ?? '-' }), enabled: id !== null, staleTime: 0 });
  const rows = (query.data ?? []).slice(0, 5);
  const nameOf = useChangeNames();
  if (!id || rows.length === 0) return null;
  return (
    <section className={styles.box} aria-label="Recent changes">
      <Text weight="semibold">Recent changes</Text>
      <ul className={styles.list}>
        {rows.map((row) => (
          <li key={row.id}>
            {formatDateTime(row.at)} · {row.who?.name ?? '—'} · {row.answer.ok ? changeText(row, nameOf) : `Failed: ${row.answer.message}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
