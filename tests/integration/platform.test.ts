// The console on a platform it does not control (DESIGN section 14): a drifting stand-in in front of the
// reference server for every read call, records changed by a colleague meanwhile, fields the console
// does not model, the platform check and the token headers the specs name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { contract, recordSourceOf, type CallDef } from '../../src/shared/api';
import { partialIssues, PARTIAL } from '../../src/shared/tolerant';
import { tipRowsOf, type QuoteListItem } from '../../src/shared/schemas/quotes';
import { READ_PLAN, checkPlatform } from '../../src/main/services/platform-check';
import { createReadingDoor } from '../../src/main/services/door';
import { CONFLICT_TEXT } from '../../src/main/services/records';
import { runCheck } from '../../scripts/check-platform';
import { ADMIN } from './harness';
import type { Result } from '../../src/shared/result';
import type { PlatformReport } from '../../src/shared/platform-report';
import type { WindowAnswer } from '../../src/shared/windows';
import { expectOk, startHarness, type Harness } from './harness';
import { EXTRA_FIELDS, startDriftProxy, type DriftProxy } from '../platform/drift-proxy';
import { startClient, type Client } from '../platform/client';

let h: Harness;
let proxy: DriftProxy;
let clean: Client;
let drifted: Client;
beforeAll(async () => {
  h = await startHarness();
  proxy = await startDriftProxy(h.serverUrl);
  clean = await startClient(h.serverUrl);
  drifted = await startClient(proxy.url);
}, 60_000);
afterAll(async () => {
  await Promise.all([clean?.close(), drifted?.close()]);
  await proxy?.close();
  await h?.close();
});

type Rec = Record<string, unknown>;
const isRec = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);
/** The lists of records in an answer: the answer itself, or its fields that are lists of records. */
const listsOf = (value: unknown): Rec[][] =>
  Array.isArray(value) ? (value.every(isRec) ? [value as Rec[]] : []) : isRec(value) ? Object.entries(value).filter(([k]) => k !== PARTIAL).map(([, f]) => f).filter((f): f is Rec[] => Array.isArray(f) && f.length > 0 && f.every(isRec)) : [];
const without = (record: Rec, ...keys: string[]) => Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));

/** A read call as the renderer makes it: exposed calls through their channel, the learners' through main's learner calls. */
async function read(client: Client, callId: string, input: Rec, answers: Rec): Promise<Result<unknown>> {
  const [group, name] = callId.split('.') as [string, string];
  if (callId === 'userApp.users') return client.call('learners', 'list');
  const mobile = (answers['userApp.users'] as { userInfo: { mobileNumber: string } }[] | undefined)?.[0]?.userInfo.mobileNumber;
  if (callId === 'userApp.progress') return client.call('learners', 'progress', { mobile });
  if (callId === 'userApp.conceptProgress') return client.call('learners', 'conceptProgress', { mobile, ...input });
  return client.call(group, name, input);
}

/** The first library file gets transcript lines and moments of its own, once (two each: the stand-in drifts the first). */
let timed: Promise<void> | null = null;
const timedEntries = () =>
  (timed ??= (async () => {
    const fileId = expectOk(await clean.call<Rec[]>('library', 'mediaList'))[0]!._id as string;
    for (const timeStamp of ['00:00:01', '00:00:02']) {
      expectOk(await clean.call('videoRepository', 'addTranscript', { videoId: fileId, timeStamp, captionText: `Line at ${timeStamp}`, language: 'English' }));
      expectOk(await clean.call('library', 'addMoment', { fileId, timestamp: timeStamp, description: `Moment at ${timeStamp}`, transcript: 'Words' }));
    }
  })());

describe('every read call through a stand-in that drifts like legacy data', () => {
  it('keeps every record; the good ones as the reference server sent them (plus the unmodelled fields), the odd ones marked; nothing fails', async () => {
    await timedEntries();
    const answers: Rec = {};
    const marked: string[] = [];
    const withRecords: string[] = [];
    for (const step of READ_PLAN) {
      const input = step.input ? step.input(answers) : {};
      expect(input, `${step.id} has an input`).not.toBeNull();
      const good = expectOk(await read(clean, step.id, input!, answers));
      answers[step.id] = good;
      const odd = await read(drifted, step.id, input!, answers);
      expect(odd.ok, `${step.id}: ${odd.ok ? '' : odd.error.message}`).toBe(true);
      if (!odd.ok) continue;
      const goodLists = listsOf(good);
      const oddLists = listsOf(odd.data);
      expect(oddLists.map((l) => l.length), step.id).toEqual(goodLists.map((l) => l.length));
      oddLists.forEach((list, k) => {
        list.forEach((record, i) => {
          const reference = goodLists[k]![i]!;
          if (i === 0) {
            if (partialIssues(record)) marked.push(step.id);
            expect(record._id ?? record.id, step.id).toEqual(reference._id ?? reference.id);
          } else {
            expect(partialIssues(record), `${step.id} record ${i}`).toBeUndefined();
            // The learners' list drops what the screen must not see; the rest is the record as it came.
            expect(without(record, ...Object.keys(EXTRA_FIELDS)), `${step.id} record ${i}`).toEqual(reference);
          }
        });
      });
      // A single record (with or without lists of its own) is marked itself.
      if (isRec(odd.data) && partialIssues(odd.data)) marked.push(step.id);
      if (goodLists.some((list) => list.length > 0) || (isRec(good) && Object.keys(good).length > 0)) withRecords.push(step.id);
    }
    // Every call that answers records shows the drifted one marked: lists and single records alike.
    expect([...new Set(marked)].sort()).toEqual(withRecords.sort());
    // The only ones that answer none here: names, a URL no file has, the videos a learner completed in a concept.
    expect(READ_PLAN.map((s) => s.id).filter((id) => !withRecords.includes(id))).toEqual(['videoRepository.languages', 'library.checkUrl', 'userApp.conceptProgress']);
  }, 120_000);

  it('the lists main keeps: every row, the partly read ones counted, marked and found by the filter', async () => {
    for (const list of ['questions', 'media', 'learners'] as const) {
      const query = { list, view: `drift-${list}`, search: '', filters: [], sort: null, offset: 0, limit: 50 };
      // A first window may come while the list still arrives (total: the rows so far): ask until it is whole.
      const whole = async (client: typeof clean) => {
        for (;;) {
          const answer = expectOk(await client.call<WindowAnswer<Rec>>('windows', 'query', query));
          if (answer.complete !== false) return answer;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const good = await whole(clean);
      const odd = await whole(drifted);
      expect(odd.total, list).toBe(good.total);
      expect(odd.partial, list).toBe(1);
      const only = expectOk(await drifted.call<WindowAnswer<Rec>>('windows', 'query', { ...query, partial: true }));
      expect(only.count, list).toBe(1);
      expect(partialIssues(only.rows[0])!.length, list).toBeGreaterThan(0);
      // Sorting by every field and searching go through the partly read row without failing.
      expect((await drifted.call('windows', 'query', { ...query, search: 'a', sort: null })).ok).toBe(true);
    }
  }, 120_000);
});

describe('platform check (npm run check-platform, Help > Check this server)', () => {
  it('finds nothing to report on the reference server', async () => {
    const report = expectOk(await clean.call<PlatformReport>('platform', 'check'));
    expect(report.calls.map((c) => c.call)).toEqual(READ_PLAN.map((s) => s.id));
    expect(report.calls.filter((c) => c.status !== 'ok' || c.mismatches.length > 0)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.text).toContain(`All ${READ_PLAN.length} read calls answered and matched.`);
  }, 120_000);

  it('names what a drifting server does not match, with counts and an example, never a token or personal data', async () => {
    const report = expectOk(await drifted.call<PlatformReport>('platform', 'check'));
    expect(report.ok).toBe(false);
    const questions = report.calls.find((c) => c.call === 'questionBank.questions')!;
    expect(questions).toMatchObject({ status: 'ok', partial: 1 });
    expect(questions.mismatches).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'language', count: 1, example: '"Legacy value"' })]));
    const users = report.calls.find((c) => c.call === 'adminAuth.users')!;
    const email = users.mismatches.find((m) => m.field === 'name' || m.field === 'email');
    if (email) expect(email.example).toBe('(withheld)');
    const token = drifted.core.session.currentToken()!;
    expect(report.text).not.toContain(token);
    expect(JSON.stringify(report)).not.toContain(token);
    // Learner tokens from the learner list never appear either.
    const learners = expectOk(await clean.call<{ userInfo: { mobileNumber: string } }[]>('learners', 'list'));
    expect(learners.length).toBeGreaterThan(0);
    expect(report.text).toMatch(/did not match or did not answer\.$/);
  }, 120_000);

  it('npm run check-platform: exit 0 on the reference server, 1 on the drifting one with the mismatches named, 2 without a server', async () => {
    const run = async (argv: string[]) => {
      const lines: string[] = [];
      const code = await runCheck(argv, { env: { CC_CHECK_EMAIL: ADMIN.email, CC_CHECK_PASSWORD: ADMIN.password }, out: (text) => lines.push(text) });
      return { code, text: lines.join('\n') };
    };
    const good = await run(['--url', h.serverUrl]);
    expect(good.text).toContain(`All ${READ_PLAN.length} read calls answered and matched.`);
    expect(good.code).toBe(0);
    const odd = await run(['--url', proxy.url]);
    expect(odd.code).toBe(1);
    expect(odd.text).toMatch(/questionBank\.questions .*1 record partly read/);
    expect(odd.text).toContain('    language: expected ');
    expect(odd.text).toContain('e.g. "Legacy value"');
    expect(odd.text).not.toContain(ADMIN.password);
    expect((await run([])).code).toBe(2);
    expect((await run(['--url', 'http://platform.example'])).text).toContain('needs https');
  }, 120_000);

  it('writes nothing: only GET requests reach the server', async () => {
    const before = proxy.seen.length;
    const http = createReadingDoor({ baseFor: (s) => `${proxy.url}${contractBase(s)}`, token: () => drifted.core.session.currentToken(), onUnauthorized: async () => undefined, log: () => undefined });
    await checkPlatform(http, proxy.url);
    expect(new Set(proxy.seen.slice(before).map((r) => r.method))).toEqual(new Set(['GET']));
  }, 120_000);
});

const contractBase = (service: CallDef['service']): string => ({ questionBank: '/question-bank', videoRepository: '/video-repository', library: '/library', userApp: '/user-app', adminAuth: '/admin-auth', mentorship: '/mentorship', businessIdeas: '' })[service];

/** The object entries of a schema, through pipes. */
const entriesOf = (schema: unknown): Rec => {
  let node = schema as { entries?: Rec; pipe?: unknown[] };
  while (node && !node.entries && node.pipe) node = node.pipe[0] as typeof node;
  return node?.entries ?? {};
};
/** Updates that send a record back whole (a tip's row update sends one language and the tip's shared fields: not a record). */
const RECORD_UPDATES = Object.entries(contract).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, CallDef>)
    .filter(([name, def]) => def.record && def.method === 'PUT' && `${group}.${name}` !== 'library.updateTip')
    .map(([name, def]) => ({ id: `${group}.${name}`, group, name, def })),
);

/** The list a record call's record comes from, and the record in it the update will send (a good one). */
async function recordFor(client: Client, def: CallDef, answers: Rec): Promise<Rec> {
  // A call whose records several screens show differently: the first screen's (the course directory's documents).
  const source = recordSourceOf(def, {})!;
  const readDef = source.read();
  const readId = Object.entries(contract).flatMap(([g, calls]) => Object.entries(calls as Record<string, CallDef>).filter(([, d]) => d === readDef).map(([n]) => `${g}.${n}`))[0]!;
  const step = READ_PLAN.find((s) => s.id === readId)!;
  const data = expectOk(await client.call(...(readId.split('.') as [string, string]), step.input ? step.input(answers) : {}));
  const lists = listsOf(data);
  return (lists[0]?.[1] ?? lists[0]?.[0] ?? data) as Rec;
}

/** Fields an update names differently from its record (what each screen's form does). */
const RENAMED: Record<string, (record: Rec) => Rec> = {
  'videoRepository.updateCourse': (r) => ({ courseFee: (r.pricingPlan as Rec).courseFee }),
  'mentorship.updateSession': (r) => ({ eventDate: r.date }),
  // A folder's form has its name and description only.
  'videoRepository.updateDocument': (r) => (r.type === 'folder' ? { fileId: undefined, freeToWatch: undefined } : { fileId: (r.fileId as Rec | null)?._id }),
  'mentorship.updateMentor': (r) => ({ fileType: 'url', fileUrl: r.mentorShortVideoUrl || 'https://media.example.com/intro.mp4' }),
};

/** An update's input from the record as it was read: its fields the call takes, the id for the path. */
function updateInput(id: string, def: CallDef, record: Rec): Rec {
  const input: Rec = { ...RENAMED[id]?.(record) };
  for (const key of Object.keys(entriesOf(def.input))) {
    if (key === 'id') input.id = record._id ?? record.id;
    else if (key in record && !(key in input) && !(def.files ?? []).includes(key)) input[key] = record[key];
  }
  return input;
}

describe('fields the console does not model go back as they came', () => {
  it('every whole-record update sends them with the edit', async () => {
    const answers: Rec = {};
    for (const step of READ_PLAN) answers[step.id] = expectOk(await read(clean, step.id, step.input?.(answers) ?? {}, answers));
    await timedEntries();
    const problems: string[] = [];
    // Every record matches its schema now; they only carry fields the console does not model.
    proxy.mode = 'extras';
    for (const { id, group, name, def } of RECORD_UPDATES) {
      const record = await recordFor(drifted, def, answers);
      expect(partialIssues(record), id).toBeUndefined();
      expect(record.legacyCode, id).toBe(EXTRA_FIELDS.legacyCode);
      const input = updateInput(id, def, record);
      const parsed = v.safeParse(def.input, input);
      if (!parsed.success) {
        problems.push(`${id}: ${parsed.issues.map((i) => `${v.getDotPath(i)} ${i.message}`).join('; ')}`);
        continue;
      }
      const before = proxy.seen.length;
      const saved = await drifted.call(group, name, { ...input, $base: record });
      if (!saved.ok) {
        problems.push(`${id}: ${saved.error.kind} ${saved.error.message}`);
        continue;
      }
      const put = proxy.seen.slice(before).find((r) => r.method === 'PUT');
      const body = put?.body.toString('utf8') ?? '';
      if (!body.includes(EXTRA_FIELDS.legacyCode) || !body.includes(EXTRA_FIELDS.reviewedBy.name)) problems.push(`${id}: the unmodelled fields did not go back`);
    }
    proxy.mode = 'drift';
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('edits of a record someone else changed meanwhile', () => {
  const question = async (client: Client, id: string) => expectOk(await client.call<Rec[]>('questionBank', 'questions')).find((q) => q._id === id)!;
  const edit = (q: Rec, text: string) => ({ id: q._id, question: text, language: q.language, categoryId: q.categoryId, helpText: q.helpText, optionFormat: q.optionFormat, difficulty: q.difficulty, options: q.options });

  it('the second save stops with who, when and what differs; saving anyway over the record as it is now works', async () => {
    const other = await startClient(h.serverUrl);
    try {
      const id = expectOk(await clean.call<Rec[]>('questionBank', 'questions'))[5]!._id as string;
      const mine = await question(clean, id);
      const theirs = await question(other, id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expectOk(await other.call('questionBank', 'updateQuestion', { ...edit(theirs, 'Changed by a colleague'), $base: theirs }));
      const second = await clean.call('questionBank', 'updateQuestion', { ...edit(mine, 'My own wording'), $base: mine });
      expect(second.ok).toBe(false);
      if (second.ok) return;
      expect(second.error).toMatchObject({ kind: 'conflict', status: 409, message: CONFLICT_TEXT });
      expect(second.error.conflict!.fields).toEqual(['metaInfo', 'question']);
      expect(second.error.conflict!.at).toBe(((await question(clean, id)).metaInfo as { updated: { at: string } }).updated.at);
      expect((second.error.conflict!.current as Rec).question).toBe('Changed by a colleague');
      // Nothing was stored by the stopped save.
      expect((await question(clean, id)).question).toBe('Changed by a colleague');
      // Save anyway: the same edit over the record as it is now.
      expectOk(await clean.call('questionBank', 'updateQuestion', { ...edit(mine, 'My own wording'), $base: second.error.conflict!.current }));
      expect((await question(clean, id)).question).toBe('My own wording');
      // A save without a record to compare (a caller that sends none) is not checked.
      expectOk(await other.call('questionBank', 'updateQuestion', edit(theirs, 'Unchecked')));
    } finally {
      await other.close();
    }
  }, 60_000);

  /**
   * A save from `mine` of a record `theirs` changed meanwhile stops with the conflict; the same save
   * over the record as it is now (Save anyway) goes through. Returns the conflict.
   */
  async function clash(call: [string, string], shown: Rec, theirs: Rec, mine: Rec, other: Client) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    expectOk(await other.call(...call, theirs));
    const stopped = await clean.call(...call, { ...mine, $base: shown });
    expect(stopped.ok, call.join('.')).toBe(false);
    if (stopped.ok) throw new Error('not stopped');
    expect(stopped.error).toMatchObject({ kind: 'conflict', status: 409, message: CONFLICT_TEXT });
    expectOk(await clean.call(...call, { ...mine, $base: stopped.error.conflict!.current }));
    return stopped.error.conflict!;
  }

  it('the same for a course document (the directory), a topic\'s video, a Daily Tips row and the delete of a whole tip', async () => {
    const other = await startClient(h.serverUrl);
    try {
      // A folder at the top of a course, as the Directory screen shows it.
      const course = expectOk(await clean.call<Rec[]>('videoRepository', 'courses'))[0]!;
      const title = `Folder ${Date.now()}`;
      expectOk(await clean.call('videoRepository', 'createDocument', { type: 'folder', title, description: '', courseId: course._id, parent: '' }));
      const listing = expectOk(await clean.call<{ descendants: Rec[] }>('videoRepository', 'document', { id: course._id }));
      const folder = listing.descendants.find((d) => d.title === title)!;
      const folderConflict = await clash(['videoRepository', 'updateDocument'], folder, { id: folder._id, title: `${title} (theirs)` }, { id: folder._id, title: `${title} (mine)` }, other);
      expect(folderConflict.fields).toEqual(expect.arrayContaining(['title', 'lastUpdatedAt']));
      expect(folderConflict.at).toBe((folderConflict.current as Rec).lastUpdatedAt);

      // A video of a topic, as the Videos screen shows it: the same call, checked against GET /video/{id}.
      const modules = expectOk(await clean.call<Rec[]>('videoRepository', 'modules'));
      let video: Rec | undefined;
      for (const module of modules) {
        const topics = expectOk(await clean.call<Rec[] | { topics?: Rec[] }>('videoRepository', 'topics', { moduleId: module._id }));
        for (const topic of Array.isArray(topics) ? topics : (topics.topics ?? [])) {
          video = expectOk(await clean.call<Rec[]>('videoRepository', 'videosByTopic', { topicId: topic._id }))[0];
          if (video) break;
        }
        if (video) break;
      }
      expect(video, 'a seeded video').toBeDefined();
      const edit = { id: video!._id, description: video!.description, freeToWatch: video!.freeToWatch, fileId: video!.videoId };
      const videoConflict = await clash(['videoRepository', 'updateDocument'], video!, { ...edit, title: 'Retitled by a colleague' }, { ...edit, title: 'My title' }, other);
      expect((videoConflict.current as Rec).title).toBe('Retitled by a colleague');
      expect(videoConflict.current).toHaveProperty('videoUrl');

      // A Daily Tips row: one language of a tip.
      const groups = expectOk(await clean.call<Rec[]>('library', 'keywords')).map((k) => k._id);
      const ideas = expectOk(await clean.call<Rec[]>('businessIdeas', 'all')).map((i) => i._id);
      const text = `Count the stock every evening ${Date.now()}.`;
      expectOk(await clean.call('library', 'addTip', { keywords: [groups[0]], businessIdeas: [ideas[0]], quotes: [{ language: 'English', text }, { language: 'Tamil', text: 'ஒவ்வொரு மாலையும் இருப்பை எண்ணுங்கள்.' }], backgroundImage: '' }));
      const row = tipRowsOf(expectOk(await clean.call<QuoteListItem[]>('library', 'quotes'))).find((r) => r.text === text)!;
      const tipEdit = { id: row.tip._id, quoteId: row.quoteId, language: 'English', keywords: row.tip.keywords, businessIdeas: row.tip.businessIdeas, backgroundImage: '' };
      const tipConflict = await clash(['library', 'updateTip'], row as unknown as Rec, { ...tipEdit, text: `${text} (theirs)` }, { ...tipEdit, text: `${text} (mine)` }, other);
      expect((tipConflict.current as Rec).text).toBe(`${text} (theirs)`);
      // Saved over the row as it is now; a delete from a console that showed the row before that asks again.
      const now = tipRowsOf(expectOk(await clean.call<QuoteListItem[]>('library', 'quotes'))).find((r) => r.quoteId === row.quoteId)!;
      expect(now.text).toBe(`${text} (mine)`);
      expectOk(await clean.call('library', 'updateTip', { ...tipEdit, text: `${text} (again)`, $base: now }));
      const stale = await other.call('library', 'deleteTip', { id: row.tip._id, quoteId: row.quoteId, $base: now });
      expect(stale).toMatchObject({ ok: false, error: { kind: 'conflict', conflict: { current: { text: `${text} (again)` } } } });
      // The whole tip (the Quotes screen's delete, DELETE /quotes/{id}) as it was first shown: changed since, asked again.
      const whole = await other.call('library', 'deleteQuote', { id: row.tip._id, $base: row.tip });
      expect(whole).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    } finally {
      await other.close();
    }
  }, 60_000);

  it('a delete of a record changed since it was shown asks again; one deleted meanwhile says so', async () => {
    const other = await startClient(h.serverUrl);
    try {
      const draft = { name: 'Ravi Kulkarni', email: 'ravi.kulkarni@example.in', phoneNo: '9820012345', role: 'User', status: 'Active' };
      expectOk(await clean.call('adminAuth', 'register', draft));
      const users = expectOk(await clean.call<Rec[]>('adminAuth', 'users'));
      const shown = users.find((u) => u.email === draft.email)!;
      await new Promise((resolve) => setTimeout(resolve, 5));
      expectOk(await other.call('adminAuth', 'update', { id: shown.id, ...draft, name: 'Ravi K.' }));
      const first = await clean.call('adminAuth', 'delete', { id: shown.id, $base: shown });
      expect(first.ok).toBe(false);
      if (first.ok) return;
      expect(first.error.kind).toBe('conflict');
      expect(first.error.conflict!.fields).toEqual(expect.arrayContaining(['name']));
      expect(first.error.conflict!.by).toBe('Sandbox Admin');
      expectOk(await clean.call('adminAuth', 'delete', { id: shown.id, $base: first.error.conflict!.current }));
      const gone = await other.call('adminAuth', 'delete', { id: shown.id, $base: shown });
      expect(gone).toMatchObject({ ok: false, error: { kind: 'conflict', message: 'Someone else deleted this record since you opened it.', conflict: { current: null } } });
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('the token headers the specs name', () => {
  /** The contract entry a request was for: its method and its path (with any {param}) under a service base. */
  const entryFor = (method: string, path: string): { id: string; def: CallDef } | null => {
    const pathname = path.split('?')[0]!;
    for (const [group, calls] of Object.entries(contract)) {
      for (const [name, def] of Object.entries(calls as Record<string, CallDef>)) {
        const pattern = new RegExp(`^${contractBase(def.service)}${def.path.replace(/\{\w+\}/g, '[^/]+')}$`);
        if (def.method === method && pattern.test(pathname)) return { id: `${group}.${name}`, def };
      }
    }
    return null;
  };

  it('each call sent what its entry says: Authorization, plus access-token (spec 1) or x-access-token (spec 2 deletes)', async () => {
    // A spec-2 delete goes through too.
    const mentors = expectOk(await drifted.call<Rec[]>('mentorship', 'sessionUsers'));
    const free = mentors.find((m) => m !== mentors[0]);
    if (free) await drifted.call('mentorship', 'deleteMentor', { id: free._id });
    const seen = new Map<string, string>();
    for (const request of proxy.seen) {
      const entry = entryFor(request.method, request.path);
      if (!entry || entry.def.auth === 'none' || entry.id === 'adminAuth.login') continue;
      const { authorization, 'access-token': access, 'x-access-token': xAccess } = request.headers;
      const sent = [authorization ? 'authorization' : '', access ? 'access-token' : '', xAccess ? 'x-access-token' : ''].filter(Boolean).join('+');
      const expected = { token: 'authorization', bearer: 'authorization', 'token+access-token': 'authorization+access-token', 'token+x-access-token': 'authorization+x-access-token' }[entry.def.auth];
      expect(sent, entry.id).toBe(expected);
      if (access) expect(access).toBe(authorization);
      if (xAccess) expect(xAccess).toBe(authorization);
      seen.set(entry.id, sent);
    }
    expect(seen.get('questionBank.questions')).toBe('authorization+access-token');
    expect(seen.get('library.synonyms')).toBe('authorization');
    if (free) expect(seen.get('mentorship.deleteMentor')).toBe('authorization+x-access-token');
  }, 60_000);

  it('the reference server reads either header and refuses a request whose headers name different tokens', async () => {
    const token = clean.core.session.currentToken()!;
    const url = `${h.serverUrl}/question-bank/categories`;
    expect((await fetch(url, { headers: { 'access-token': token } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization: token, 'access-token': token } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization: token, 'access-token': 'someone-else' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: token, 'x-access-token': 'someone-else' } })).status).toBe(401);
  });
});
