// The kept lists' registry (DESIGN section 12): the large lists main keeps and serves by window. Each
// list names its call (and the call the renderer's queries of it go under), the fields its columns sort
// and filter by (by column id), its search text and its records in Find anything. Main's worker keeps
// and answers them (src/main/services/lists/); the renderer reads the same registry for its query keys.
// The window's query and answer are in ./windows.
import type * as v from 'valibot';
import type { CallDef } from './api/contract';
import { questionBank } from './api/question-bank';
import { library } from './api/library';
import { userApp } from './api/user-app';
import { fastDateTime } from './dates';
import { DIFFICULTIES, type Category, type Question } from './schemas/question-bank';
import type { LibraryFile } from './schemas/library';
import type { LearnerWithToken } from './schemas/users';
import { toText, type Getter } from './rows';
import { videoRepository } from './api/video-repository';
import { adminAuth } from './api/admin-auth';
import { mentorship } from './api/mentorship';
import type { Course } from './schemas/courses';
import type { AdminUser } from './schemas/admin-auth';
import type { Mentor } from './schemas/mentors';
import { SessionSchema, type Session } from './schemas/sessions';
import type { SynonymGroup } from './schemas/synonyms';
import { seesAccount, type FindSpec } from './find';

/** A sort and filter field: its value, and for enum columns the values in their meaning's order. */
export interface ListField<T> {
  get: Getter<T>;
  sortOrder?: readonly string[];
}

export interface ListDef<T> {
  /** The contract call that returns the whole list. */
  call: CallDef;
  /**
   * The call the renderer's queries of this list go under, as window.api names it ('group.call'): a
   * mutation that invalidates that call refetches the list's windows.
   */
  queryCall: `${string}.${string}`;
  /** Small lists the search text needs (the question bank's category names), fetched with the list. */
  joins?: Record<string, CallDef>;
  /** Fields by column id: what a window query may sort and filter by. */
  fields: Record<string, Getter<T> | ListField<T>>;
  /** The search text of a row (lower-cased once, when the list is kept). */
  search: (row: T, joins: Record<string, readonly unknown[]>) => string;
  /** What the renderer receives of a row (default: the row). */
  view?: (row: T) => unknown;
  /** A value main may look up by key and that never reaches the renderer (a learner's token, by mobile). */
  secret?: { key: (row: T) => string; value: (row: T) => string };
  /** Its records in the palette's Find anything (src/shared/find.ts); none: not offered there. */
  find?: FindSpec<T>;
  /** The answer's field holding the rows and their schema, when the call's output is not the list itself (events). */
  field?: { name: string; item: v.GenericSchema };
}

const def = <T>(d: ListDef<T>): ListDef<T> => d;
/** Between the parts of a search text (a needle never holds it: search inputs refuse NUL). */
export const SEARCH_SEPARATOR = '\u0000';
const joined = (...parts: unknown[]): string => parts.map(toText).join(SEARCH_SEPARATOR);

/** The digits a mobile is known by (+91 and spaces aside), so '+91 98200 12345' finds '9820012345'. */
export const mobileKey = (mobile: string): string => mobile.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');

const questionFields = {
  id: (q: Question) => q.id,
  language: (q: Question) => q.language,
  question: (q: Question) => q.question,
  // The Category column's filter chooses a category by its id (the column shows its name).
  category: (q: Question) => q.categoryId,
  difficulty: { get: (q: Question) => q.difficulty, sortOrder: DIFFICULTIES },
  optionsCount: (q: Question) => q.options.length,
  addedOn: (q: Question) => q.metaInfo.created.at,
  updatedOn: (q: Question) => q.metaInfo.updated.at,
};

const mediaFields = {
  fileId: (f: LibraryFile) => f.fileId,
  title: (f: LibraryFile) => f.title,
  language: (f: LibraryFile) => f.language,
  status: (f: LibraryFile) => f.status,
  visibility: (f: LibraryFile) => f.visibility,
  level: (f: LibraryFile) => f.level,
  type: (f: LibraryFile) => f.type,
  questions: (f: LibraryFile) => f.questionBank.length,
  createdAt: (f: LibraryFile) => f.metaInfo.created.at,
  updatedAt: (f: LibraryFile) => f.metaInfo.updated.at,
};
const mediaFind: FindSpec<LibraryFile> = { screen: 'Video Library', title: (f) => f.title, detail: (f) => `${f.fileId} · ${f.language}`, id: (f) => f._id, key: (f) => f.title };
const mediaSearch = (f: LibraryFile) =>
  joined(f.fileId, f.title, f.language, f.status, f.visibility, f.level, f.type, fastDateTime(f.metaInfo.created.at), fastDateTime(f.metaInfo.updated.at));

export const LISTS = {
  /** The question bank (GET /question-bank/questions); the search covers every field and the category name. */
  questions: def<Question>({
    call: questionBank.questions,
    queryCall: 'questionBank.questions',
    joins: { categories: questionBank.categories },
    fields: questionFields,
    search: (q, joins) => {
      const categories = joins.categories as readonly Category[] | undefined;
      const category = categories?.find((c) => c._id === q.categoryId)?.name ?? '';
      return joined(q.id, q.language, q.question, q.difficulty, q.options.length, q.helpText, q.optionFormat, category,
        ...q.options.map((o) => o.option), fastDateTime(q.metaInfo.created.at), fastDateTime(q.metaInfo.updated.at));
    },
    find: { screen: 'Question Bank', title: (q) => q.question, detail: (q) => `${q.id} · ${q.language}`, id: (q) => q._id, key: (q) => q.question },
  }),
  /** The whole video library (GET /library/media/list). */
  media: def<LibraryFile>({ call: library.mediaList, queryCall: 'library.mediaList', fields: mediaFields, search: mediaSearch, find: mediaFind }),
  /** The library as the server filters it (GET /library/media with the filter bar's values as input). */
  mediaFiltered: def<LibraryFile>({ call: library.media, queryCall: 'library.media', fields: mediaFields, search: mediaSearch }),
  /** Every learner (GET /user-app/user); tokens stay in main, found by mobile. */
  learners: def<LearnerWithToken>({
    call: userApp.users,
    queryCall: 'learners.list',
    fields: {
      mobile: (l) => l.userInfo.mobileNumber,
      loginTime: (l) => l.userInfo.loginTime,
      language: (l) => l.userInfo.preferredLanguage,
      progress: (l) => l.currentProgress.progress,
    },
    search: (l) => joined(l.userInfo.mobileNumber, fastDateTime(l.userInfo.loginTime), l.userInfo.preferredLanguage, `${l.currentProgress.progress}%`),
    view: ({ userInfo: { token: _token, ...userInfo }, ...rest }) => ({ ...rest, userInfo }),
    secret: { key: (l) => mobileKey(l.userInfo.mobileNumber), value: (l) => l.userInfo.token },
    find: { screen: 'Users', title: (l) => l.userInfo.mobileNumber, detail: (l) => `Learner · ${l.userInfo.preferredLanguage}`, id: (l) => l._id, key: (l) => l.userInfo.mobileNumber },
  }),
  // Smaller lists: their screens read them whole; main keeps them for Find anything only.
  courses: def<Course>({
    call: videoRepository.courses,
    queryCall: 'videoRepository.courses',
    fields: {},
    search: (c) => joined(c.name, c.referenceId, c.language, c.status),
    find: { screen: 'Courses', title: (c) => c.name, detail: (c) => `${c.referenceId} · ${c.language} · ${c.status}`, id: (c) => c._id, key: (c) => c.name },
  }),
  admins: def<AdminUser>({
    call: adminAuth.users,
    queryCall: 'adminAuth.users',
    fields: {},
    search: (a) => joined(a.name, a.email, a.phoneNo, a.role, a.status),
    find: { screen: 'Admins', title: (a) => a.name, detail: (a) => `${a.email} · ${a.role}`, id: (a) => a.id, key: (a) => a.email, visibleTo: (a, role) => seesAccount(role, a.role) },
  }),
  mentors: def<Mentor>({
    call: mentorship.sessionUsers,
    queryCall: 'mentorship.sessionUsers',
    fields: {},
    search: (m) => joined(m.name, m.email, m.mobileNumber, m.designation, m.organisation),
    find: { screen: 'Mentors', title: (m) => m.name, detail: (m) => [m.designation, m.organisation].filter(Boolean).join(' · '), id: (m) => m._id, key: (m) => m.name },
  }),
  events: def<Session>({
    call: mentorship.sessions,
    queryCall: 'mentorship.sessions',
    field: { name: 'session', item: SessionSchema },
    fields: {},
    search: (e) => joined(e.eventName, e.description, e.date),
    find: { screen: 'Events', title: (e) => e.eventName, detail: (e) => `${e.date} ${e.startTime}`, id: (e) => e._id, key: (e) => e.eventName },
  }),
  synonyms: def<SynonymGroup>({
    call: library.synonyms,
    queryCall: 'library.synonyms',
    fields: {},
    search: (g) => joined(g.keyword, ...g.synonyms),
    find: { screen: 'Synonyms', title: (g) => g.keyword, detail: (g) => g.synonyms.join(', '), id: (g) => g._id, key: (g) => g.keyword },
  }),
} satisfies Record<string, ListDef<never>>;
export type ListName = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as ListName[];

/** The list a contract call fills (for invalidation by service). */
export const listDef = (name: ListName): ListDef<unknown> => LISTS[name] as unknown as ListDef<unknown>;
