/**
 * Find anything over the real server, through main's handlers: every findable list is loaded in the
 * background on the first ask (named as loading meanwhile), then its records are found, ranked, with
 * the screen each opens in; the records chosen lately come first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FindAnswer } from '../../src/shared/find';
import type { Course } from '../../src/shared/schemas/courses';
import type { SessionList } from '../../src/shared/schemas/sessions';
import type { SynonymGroup } from '../../src/shared/schemas/synonyms';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

/** The answer once no list is loading any more. */
async function find(text: string): Promise<FindAnswer> {
  for (;;) {
    const answer = expectOk(await h.call<FindAnswer>('find', 'records', { text }));
    if (answer.loading.length === 0) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('find.records', () => {
  it('names the lists still loading at first, then finds records of every list with their screen', async () => {
    const first = expectOk(await h.call<FindAnswer>('find', 'records', { text: 'zz' }));
    expect(first.loading).toEqual(expect.arrayContaining(['Question Bank', 'Users', 'Courses', 'Events', 'Synonyms', 'Mentors', 'Admins', 'Video Library']));
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses'))[0]!;
    const event = expectOk(await h.call<SessionList>('mentorship', 'sessions')).session[0]!;
    const group = expectOk(await h.call<SynonymGroup[]>('library', 'synonyms'))[0]!;
    for (const [text, screen, id] of [[course.name, 'Courses', course._id], [event.eventName, 'Events', event._id], [group.keyword, 'Synonyms', group._id]] as const) {
      const answer = await find(text);
      expect(answer.failed).toEqual([]);
      expect(answer.found.find((f) => f.id === id)).toMatchObject({ screen, title: text, rank: 0 });
    }
    const admin = (await find('sandbox admin')).found.find((f) => f.screen === 'Admins');
    expect(admin?.title).toBe('Sandbox Admin');
  });

  it('puts a record chosen lately first, and alone with no text', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses'))[1]!;
    expectOk(await h.call('find', 'chosen', { list: 'courses', id: course._id }));
    const none = await find('');
    expect(none.found.map((f) => [f.id, f.recent])).toEqual([[course._id, true]]);
    const any = await find(course.name.slice(0, 2));
    expect(any.found[0]).toMatchObject({ id: course._id, recent: true });
  });
});
