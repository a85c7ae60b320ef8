import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword } from '../../src/shared/schemas/library';
import type { Mentor } from '../../src/shared/schemas/mentors';
import { DEFAULT_MEETING_PREVIEW_BASE, eventJoinLinks, type Session, type SessionList } from '../../src/shared/schemas/sessions';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

const PNG = Buffer.from(PNG_1PX, 'hex');

let h: Harness;
let work: string;
let groups: string[];
let ideas: string[];
let mentors: Mentor[];
beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-events-'));
  groups = expectOk(await h.call<Keyword[]>('library', 'keywords')).map((k) => k._id);
  ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all')).map((i) => i._id);
  mentors = expectOk(await h.call<Mentor[]>('mentorship', 'sessionUsers'));
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const list = async () => expectOk(await h.call<SessionList>('mentorship', 'sessions'));
const events = async () => (await list()).session;
const stored = async () => (await readdir(join(h.dataDir, 'media'))).filter((n) => !n.startsWith('.tmp-')).sort();
const grant = async (name: string, data: Buffer) => {
  const path = join(work, name);
  await writeFile(path, data);
  return expectOk(await h.grantFile(path));
};
const draft = (over: Record<string, unknown> = {}) => ({
  eventName: "Pricing your tiffin service: a mentor's view", description: 'How to cost ingredients, gas and delivery.',
  keywords: [groups[0]], startTime: '15:00', endTime: '16:45', eventDate: '5-03-2031', businessIdeas: [ideas[6]],
  language: 'Hindi', attendees: [mentors[0]!._id], level: 2, ...over,
});

describe('mentorship.sessions', () => {
  it('lists the seeded events with their roles; each role gives one join link', async () => {
    const { session, roles } = await list();
    expect(session.length).toBeGreaterThanOrEqual(5);
    expect(roles.length).toBeGreaterThanOrEqual(2);
    const [first] = session;
    expect(first!.date).toMatch(/^([1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/);
    expect(first!.duration).toBeGreaterThan(0);
    expect(new Set(session.map((s) => s.language)).size).toBeGreaterThanOrEqual(4);
    const links = eventJoinLinks(DEFAULT_MEETING_PREVIEW_BASE, first!.sessionId, roles);
    expect(links.map((l) => l.url)).toEqual(roles.map((role) => `${DEFAULT_MEETING_PREVIEW_BASE}/${first!.sessionId}/${role}`));
  });
});

describe('mentorship.addSession', () => {
  it('adds an event with a thumbnail: duration computed from the times, contact details from the first mentor', async () => {
    const image = await grant('event.png', PNG);
    const result = await h.call('mentorship', 'addSession', { ...draft(), thumbnail: { grantId: image.grantId } });
    expect(expectOk(result)).toEqual({ message: ENGAGEMENT_TEXT.eventAdded });
    const added = (await events()).find((s) => s.eventName === "Pricing your tiffin service: a mentor's view")!;
    expect(added).toMatchObject({ date: '5-03-2031', startTime: '15:00', endTime: '16:45', duration: 105, eventDuration: 105, level: 2, visibility: 'Public' });
    expect(added).toMatchObject({ email: mentors[0]!.email, mobileNumber: mentors[0]!.mobileNumber, organisation: mentors[0]!.organisation });
    expect(added.sessionId).toMatch(/^[0-9a-f]{24}$/);
    expect((await fetch(added.thumbnail)).status).toBe(200);
  });

  it("refuses each rule of the spec with its exact text before any call, and the server's own checks; nothing is kept", async () => {
    const before = await events();
    const files = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ eventName: '' }, ENGAGEMENT_MSG.enterEventTitle],
      [{ eventName: 'Diwali sale!' }, ENGAGEMENT_MSG.specialCharacters],
      [{ eventName: 'x'.repeat(201) }, ENGAGEMENT_TEXT.eventTitleTooLong],
      [{ description: ' ' }, ENGAGEMENT_MSG.enterEventDescription],
      [{ description: 'x'.repeat(2001) }, ENGAGEMENT_TEXT.eventDescriptionTooLong],
      [{ eventDate: '' }, ENGAGEMENT_MSG.enterEventDate],
      [{ eventDate: '31-02-2031' }, ENGAGEMENT_TEXT.dateFormat],
      [{ eventDate: '2031-03-05' }, ENGAGEMENT_TEXT.dateFormat],
      [{ startTime: '' }, ENGAGEMENT_MSG.enterStartTime],
      [{ endTime: '' }, ENGAGEMENT_MSG.enterEndTime],
      [{ startTime: '17:00', endTime: '16:00' }, ENGAGEMENT_MSG.startAfterEnd],
      [{ startTime: '16:00', endTime: '16:00' }, ENGAGEMENT_MSG.startAfterEnd],
      [{ eventDuration: 30 }, ENGAGEMENT_TEXT.durationMismatch],
      [{ language: undefined }, ENGAGEMENT_MSG.selectLanguage],
      [{ keywords: [] }, ENGAGEMENT_MSG.addGroups],
      [{ businessIdeas: [] }, ENGAGEMENT_MSG.selectBusinessIdeaForVideo],
      [{ level: 0 }, ENGAGEMENT_MSG.selectLevel],
      [{ level: 8 }, ENGAGEMENT_MSG.selectLevel],
      [{ attendees: [] }, ENGAGEMENT_TEXT.selectMentors],
    ];
    for (const [over, message] of cases) {
      expect(await h.call('mentorship', 'addSession', draft(over)), JSON.stringify(over)).toMatchObject({ ok: false, error: { kind: 'validation', message } });
    }
    expect(await h.call('mentorship', 'addSession', draft({ attendees: ['no-such-mentor'] }))).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: ENGAGEMENT_TEXT.unknownIds('mentors') } });
    const notImage = await grant('e.txt', Buffer.from('x'));
    expect(await h.call('mentorship', 'addSession', { ...draft(), thumbnail: { grantId: notImage.grantId } })).toMatchObject({ ok: false, error: { status: 400, message: ENGAGEMENT_TEXT.imageNotImage } });
    expect(await events()).toEqual(before);
    expect(await stored()).toEqual(files);
  });
});

describe('mentorship.updateSession', () => {
  it('edits an event (new times: new duration), removes its thumbnail on request; a broken rule changes nothing', async () => {
    const target = (await events()).find((s) => s.eventName === "Pricing your tiffin service: a mentor's view")!;
    const before = (await stored()).length;
    const edit = { id: target._id, ...draft({ eventName: 'Pricing your tiffin service', startTime: '10:00', endTime: '10:40', attendees: [mentors[1]!._id, mentors[0]!._id], level: 3 }), removeThumbnail: true };
    expect(expectOk(await h.call('mentorship', 'updateSession', edit))).toEqual({ message: ENGAGEMENT_TEXT.eventUpdated });
    const edited = (await events()).find((s) => s._id === target._id) as Session;
    expect(edited).toMatchObject({ eventName: 'Pricing your tiffin service', duration: 40, level: 3, thumbnail: '', sessionId: target.sessionId, email: mentors[1]!.email });
    expect((await stored()).length).toBe(before - 1);
    expect(await h.call('mentorship', 'updateSession', { ...edit, startTime: '11:00' })).toMatchObject({ ok: false, error: { message: ENGAGEMENT_MSG.startAfterEnd } });
    expect(await h.call('mentorship', 'updateSession', { ...edit, id: 'nope' })).toMatchObject({ ok: false, error: { status: 404, message: ENGAGEMENT_TEXT.eventNotFound } });
    expect((await events()).find((s) => s._id === target._id)).toEqual(edited);
  });
});

describe('mentorship.deleteSession', () => {
  it('deletes an event; its mentors can then be deleted', async () => {
    const target = (await events()).find((s) => s.eventName === 'Pricing your tiffin service')!;
    expect(expectOk(await h.call('mentorship', 'deleteSession', { id: target._id }))).toEqual({ message: ENGAGEMENT_TEXT.eventDeleted });
    expect((await events()).some((s) => s._id === target._id)).toBe(false);
    expect(await h.call('mentorship', 'deleteSession', { id: target._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
