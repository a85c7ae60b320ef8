import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { NO_NAME, type HistoryRow } from '../../shared/history';
import { changeLine, type NameOf } from '../lib/change-text';
import { LISTS } from '../../shared/lists';
import type { FindSpec } from '../../shared/find';
import { callQuery } from '../lib/calls';
import { formatDateTime } from '../lib/format';
import { directoryPath, pathOfScreen, useOpenRecord, type RecordTarget } from '../lib/open-record';

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

type Rec = Record<string, unknown>;
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const idsOf = (values: readonly unknown[]): string[] => [...new Set(values.map(textOf).filter((id): id is string => id !== null))];

/** The folders down to a document as History kept it: a directory document's ancestors, a topic video's module, topic and concept. */
function foldersOf(doc: Rec): string[] | null {
  if ('videoId' in doc) return idsOf([doc.moduleId, doc.topicId, doc.conceptId]);
  return Array.isArray(doc.ancestors) ? idsOf(doc.ancestors.map((a) => (a as Rec | null)?._id)) : null;
}

/** A document's folder in its course's directory, `key` selected there (null: nothing selected). */
function inDirectory(courseId: unknown, folders: string[] | null, key: string | null, id: string | null): RecordTarget | null {
  const course = textOf(courseId);
  return course && folders ? { screen: 'Directory', path: directoryPath(course, folders), key, id } : null;
}

/** The writes of a document (a folder or a video): in its folder of the directory, the document selected. */
const DIRECTORY_PLACES: Record<string, (row: HistoryRow) => RecordTarget | null> = {
  'videoRepository.createDocument': ({ after }) => inDirectory(after.courseId, idsOf([after.parent]), textOf(after.title), null),
  'videoRepository.updateDocument': ({ before, after, record }) => (before ? inDirectory(before.courseId, foldersOf(before), textOf(after.title) ?? textOf(before.title), record.id) : null),
  // Several videos: their folder, nothing selected.
  'videoRepository.addDescendants': ({ after }) => inDirectory(after.courseId, idsOf([after.parent]), null, null),
  'videoRepository.addVideo': ({ after }) => inDirectory(after.courseId, idsOf([after.moduleId, after.topicId]), textOf(after.title), null),
};
/** The course service's writes that open on the Course list; its others (reorders, topics, transcripts) keep no place a screen opens at. */
const COURSE_LIST_CALLS = new Set(['videoRepository.createCourse', 'videoRepository.updateCourse']);

/**
 * Where an entry's record opens (its screen with the record selected), or null: a delete, a screen with
 * no route, a write whose place History did not keep (a reorder names only ids).
 */
export function recordTargetOf(row: HistoryRow): RecordTarget | null {
  if (row.method === 'DELETE') return null;
  const document = DIRECTORY_PLACES[row.call];
  if (document) return document(row);
  if (row.call.startsWith('videoRepository.') && !COURSE_LIST_CALLS.has(row.call)) return null;
  if (!pathOfScreen(row.screen)) return null;
  const spec = specOf(row.screen);
  let key: string | null = spec ? null : row.record.label;
  try {
    // The record as this change left it: what was sent over what it was.
    if (spec) key = textOf(spec.key({ ...row.before, ...row.after } as never));
  } catch {
    // The record as sent lacks the key's field: see below.
  }
  // An add sent without the key's field: its name is searched instead.
  if (key === null && !row.before && row.method === 'POST') key = row.record.label;
  // A write that names no record (a reorder) opens nothing: nothing would be searched for.
  return key === null || key === NO_NAME ? null : { screen: row.screen, key, id: row.record.id };
}

/** An entry's record opener (see recordTargetOf): where it opens, and the opening. */
export function useRecordTarget(row: HistoryRow): { screen: string; open: () => void } | null {
  const open = useOpenRecord();
  const target = recordTargetOf(row);
  return target ? { screen: target.screen, open: () => open(target) } : null;
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
