/**
 * The one door (src/main/services/door.ts) through the real core against the reference server: every
 * sequence save checks the order its screen started from; a cancelled call sends nothing and records
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ORDER_FIELD } from '../../src/shared/api';
import type { HistoryRow } from '../../src/shared/history';
import type { Course, DocumentListing } from '../../src/shared/schemas/courses';
import type { TopicList, Video } from '../../src/shared/schemas/topics';
import type { Result } from '../../src/shared/result';
import { ORDER_CONFLICT_TEXT } from '../../src/main/services/records';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let dairy: Course;

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  dairy = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => c.name === 'Start your own dairy')!;
});
afterAll(async () => h.close());

type Row = { _id: string } & Record<string, unknown>;
const started = (rows: readonly Row[]) => ({ ids: rows.map((r) => r._id), first: rows[0] });
const reversed = <T>(rows: readonly T[]) => [...rows].reverse();

/** Saves an order twice from the same start: the first (a colleague's) goes in, the second is stopped with both orders; sent again from the server's order, it goes in. */
async function checksOrder(call: string, rows: readonly Row[], input: (ids: string[]) => Record<string, unknown>, read: () => Promise<readonly Row[]>): Promise<void> {
  expect(rows.length).toBeGreaterThan(1);
  const [group, name] = call.split('.') as [string, string];
  const from = started(rows);
  const theirs = [...rows.slice(1).map((r) => r._id), rows[0]!._id];
  expectOk(await h.call(group, name, { ...input(theirs), [ORDER_FIELD]: from }));
  expect((await read()).map((r) => r._id)).toEqual(theirs);
  const mine = reversed(rows).map((r) => r._id);
  const stopped = (await h.call(group, name, { ...input(mine), [ORDER_FIELD]: from })) as Result<unknown>;
  expect(stopped).toMatchObject({ ok: false, error: { kind: 'conflict', status: 409, message: ORDER_CONFLICT_TEXT } });
  const order = !stopped.ok ? stopped.error.conflict!.order! : null;
  expect(order!.started.map((i) => i.id)).toEqual(from.ids);
  expect(order!.now.map((i) => i.id)).toEqual(theirs);
  expect(order!.now.every((i) => i.label !== i.id)).toBe(true);
  // Nothing was saved over theirs.
  expect((await read()).map((r) => r._id)).toEqual(theirs);
  // Save mine anyway: from the order on the server now.
  expectOk(await h.call(group, name, { ...input(mine), [ORDER_FIELD]: { ids: order!.now.map((i) => i.id), first: rows[0] } }));
  expect((await read()).map((r) => r._id)).toEqual(mine);
}

describe('sequence saves check the order their screen started from', () => {
  it('topics of a module', async () => {
    const moduleId = dairy.modules[0]!._id;
    const read = async () => expectOk(await h.call<TopicList>('videoRepository', 'topics', { moduleId })).topics;
    await checksOrder('videoRepository.topicSequence', await read(), (ids) => ({ topics: ids }), read);
  });

  it('videos of a concept', async () => {
    const topicId = expectOk(await h.call<TopicList>('videoRepository', 'topics', { moduleId: dairy.modules[0]!._id })).topics[0]!._id;
    let conceptId = '';
    let videos: Video[] = [];
    for (const concept of expectOk(await h.call<{ concepts: { _id: string }[] }>('videoRepository', 'topic', { id: topicId })).concepts) {
      videos = expectOk(await h.call<Video[]>('videoRepository', 'videosByConcept', { conceptId: concept._id }));
      conceptId = concept._id;
      if (videos.length > 1) break;
    }
    const read = async () => expectOk(await h.call<Video[]>('videoRepository', 'videosByConcept', { conceptId }));
    await checksOrder('videoRepository.videoSequence', videos, (ids) => ({ conceptId, videos: ids }), read);
  });

  it('courses', async () => {
    const read = async () => expectOk(await h.call<Course[]>('videoRepository', 'courses'));
    await checksOrder('videoRepository.courseSequence', await read(), (ids) => ({ courses: ids }), read);
  });

  it("a folder's documents (the top of a course)", async () => {
    const read = async () => expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: dairy._id })).descendants;
    await checksOrder('videoRepository.reorderDocuments', await read(), (ids) => ({ descendants: ids }), read);
  });

  it('a save without the order it started from is not checked (a colleague on an older console)', async () => {
    const moduleId = dairy.modules[0]!._id;
    const topics = expectOk(await h.call<TopicList>('videoRepository', 'topics', { moduleId })).topics;
    expectOk(await h.call('videoRepository', 'topicSequence', { topics: reversed(topics).map((t) => t._id) }));
  });
});

describe('the door', () => {
  it('a call cancelled before it goes sends nothing and records nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const before = expectOk(await h.call<HistoryRow[]>('history', 'list')).length;
    const answer = await h.core.door.send(contract.library.addSynonyms, { keyword: 'never sent', synonyms: ['x'] }, 'library.addSynonyms', { signal: controller.signal });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(expectOk(await h.call<HistoryRow[]>('history', 'list'))).toHaveLength(before);
    const groups = expectOk(await h.call<{ keyword: string }[]>('library', 'synonyms'));
    expect(groups.some((g) => g.keyword === 'never sent')).toBe(false);
  });

  it('records a screen write in History at once, with what was sent', async () => {
    const keyword = `door ${Date.now()}`;
    expectOk(await h.call('library', 'addSynonyms', { keyword, synonyms: ['a', 'b'] }));
    const [newest] = expectOk(await h.call<HistoryRow[]>('history', 'list'));
    expect(newest).toMatchObject({ call: 'library.addSynonyms', after: { keyword, synonyms: ['a', 'b'] }, answer: { ok: true } });
  });
});
