import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import { MSG } from '../../src/shared/messages';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword } from '../../src/shared/schemas/library';
import { mentorVideoOf, type Mentor } from '../../src/shared/schemas/mentors';
import type { SessionList } from '../../src/shared/schemas/sessions';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

const PNG = Buffer.from(PNG_1PX, 'hex');

let h: Harness;
let work: string;
let groups: string[];
let ideas: string[];
beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-mentors-'));
  groups = expectOk(await h.call<Keyword[]>('library', 'keywords')).map((k) => k._id);
  ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all')).map((i) => i._id);
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const mentors = async () => expectOk(await h.call<Mentor[]>('mentorship', 'sessionUsers'));
const grant = async (name: string, data: Buffer) => {
  const path = join(work, name);
  await writeFile(path, data);
  return expectOk(await h.grantFile(path));
};
const stored = async () => (await readdir(join(h.dataDir, 'media'))).filter((n) => !n.startsWith('.tmp-')).sort();
const draft = (over: Record<string, unknown> = {}) => ({
  name: 'Farida Sheikh', designation: 'Bakery owner', keywords: [groups[0]], mentorBio: 'Runs a bakery of twelve people in Pune.',
  businessIdeas: [ideas[0], ideas[1]], language: ['Marathi', 'Hindi'], email: 'farida@mentors.example.com', mobileNumber: '9890012345',
  organisation: 'Farida Bakes', mentorFee: 750, internalBio: 'Weekends only.', ...over,
});

describe('mentorship.sessionUsers', () => {
  it('lists the seeded mentors (no token needed) with several languages each', async () => {
    const list = await mentors();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.some((m) => m.language.length > 1)).toBe(true);
    expect(list.every((m) => m.profilePicture.startsWith('https://') && mentorVideoOf(m) !== '')).toBe(true);
    // The spec marks the call 'no auth': it answers without a session too.
    const bare = await fetch(`${h.serverUrl}/mentorship/session-users/get-session-user`);
    expect(bare.status).toBe(200);
  });
});

describe('mentorship.registerMentor', () => {
  it('registers a mentor: picture and intro video streamed from disk with progress, both served back', async () => {
    const picture = await grant('farida.png', PNG);
    const video = await grant('intro.mp4', Buffer.alloc(256 * 1024, 7));
    h.events.length = 0;
    const result = await h.call('mentorship', 'registerMentor', { ...draft(), profilePicture: { grantId: picture.grantId }, mentorVideo: { grantId: video.grantId }, uploadId: 'mentor-1' });
    expect(expectOk(result)).toEqual({ message: ENGAGEMENT_TEXT.mentorAdded });
    const progress = h.events.filter((e) => e.event === 'upload:progress').map((e) => e.payload as { uploadId: string; sent: number; total: number });
    expect(progress.at(-1)).toMatchObject({ uploadId: 'mentor-1' });
    expect(progress.at(-1)!.sent).toBe(progress.at(-1)!.total);
    const [added] = await mentors();
    expect(added).toMatchObject({ name: 'Farida Sheikh', language: ['Marathi', 'Hindi'], mentorFee: 750, internalBio: 'Weekends only.', mentorShortVideoUrl: '' });
    expect(added!.metaInfo.created.by?.name).toBe('Sandbox Admin');
    const served = await fetch(added!.mentorVideo, { headers: { range: 'bytes=0-9' } });
    expect(served.status).toBe(206);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect((await fetch(added!.profilePicture)).status).toBe(200);
  });

  it('refuses what the spec requires before any call, and on the server a wrong file kind or a taken email; nothing is kept', async () => {
    const before = await mentors();
    const files = await stored();
    const picture = { grantId: (await grant('p.png', PNG)).grantId };
    const video = { grantId: (await grant('v.mp4', Buffer.alloc(1024))).grantId };
    const full = (over: Record<string, unknown> = {}) => ({ ...draft({ email: 'new.mentor@mentors.example.com' }), profilePicture: picture, mentorVideo: video, ...over });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, ENGAGEMENT_MSG.enterMentorName],
      [{ email: '' }, ENGAGEMENT_MSG.enterEmail],
      [{ email: 'not-an-email' }, MSG.enterValidEmail],
      [{ mobileNumber: '' }, ENGAGEMENT_MSG.enterMobile],
      [{ organisation: '' }, ENGAGEMENT_MSG.enterOrganisation],
      [{ designation: '' }, ENGAGEMENT_MSG.enterDesignation],
      [{ mentorBio: '' }, ENGAGEMENT_MSG.enterMentorBio],
      [{ mentorBio: 'x'.repeat(1001) }, ENGAGEMENT_TEXT.bioTooLong],
      [{ internalBio: 'x'.repeat(1001) }, ENGAGEMENT_TEXT.internalBioTooLong],
      [{ keywords: [] }, ENGAGEMENT_MSG.addGroups],
      [{ language: [] }, ENGAGEMENT_MSG.selectLanguage],
      [{ mentorFee: -1 }, ENGAGEMENT_TEXT.feeMinimum],
      [{ mentorFee: 12.5 }, ENGAGEMENT_TEXT.feeMinimum],
      [{ profilePicture: undefined }, ENGAGEMENT_MSG.uploadProfilePicture],
      [{ mentorVideo: undefined }, ENGAGEMENT_MSG.enterNewVideo],
    ];
    for (const [over, message] of cases) {
      expect(await h.call('mentorship', 'registerMentor', full(over)), JSON.stringify(over)).toMatchObject({ ok: false, error: { kind: 'validation', message } });
    }
    const notVideo = { grantId: (await grant('notes.pdf', Buffer.from('%PDF-1.4'))).grantId };
    expect(await h.call('mentorship', 'registerMentor', full({ mentorVideo: notVideo }))).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: ENGAGEMENT_TEXT.notAVideo } });
    const notImage = { grantId: (await grant('p.txt', Buffer.from('x'))).grantId };
    expect(await h.call('mentorship', 'registerMentor', full({ profilePicture: notImage }))).toMatchObject({ ok: false, error: { status: 400, message: ENGAGEMENT_TEXT.notAnImage } });
    expect(await h.call('mentorship', 'registerMentor', full({ email: before[0]!.email.toUpperCase() }))).toMatchObject({ ok: false, error: { status: 409, message: ENGAGEMENT_TEXT.mentorEmailTaken } });
    expect(await mentors()).toEqual(before);
    expect(await stored()).toEqual(files);
  });
});

describe('mentorship.updateMentor', () => {
  it('edits fields; url mode replaces the stored video by a link, upload mode needs a video', async () => {
    const mentor = (await mentors()).find((m) => m.name === 'Farida Sheikh')!;
    const oldVideo = (await stored()).length;
    const link = 'https://media.example.com/mentors/farida-intro.mp4';
    const edit = { id: mentor._id, ...draft({ designation: 'Bakery and catering owner', mentorFee: 0 }), fileType: 'url', fileUrl: link };
    expect(expectOk(await h.call('mentorship', 'updateMentor', edit))).toEqual({ message: ENGAGEMENT_TEXT.mentorUpdated });
    const edited = (await mentors()).find((m) => m._id === mentor._id)!;
    expect(edited).toMatchObject({ designation: 'Bakery and catering owner', mentorFee: 0, mentorVideo: '', mentorShortVideoUrl: link });
    expect((await stored()).length).toBe(oldVideo - 1);
    expect(await h.call('mentorship', 'updateMentor', { ...edit, fileUrl: '' })).toMatchObject({ ok: false, error: { kind: 'validation', message: ENGAGEMENT_MSG.enterNewFileUrl } });
    expect(await h.call('mentorship', 'updateMentor', { ...edit, fileUrl: 'not a url' })).toMatchObject({ ok: false, error: { message: ENGAGEMENT_MSG.enterNewFileUrl } });
    // Upload mode without a new file: the mentor now has no stored video to keep.
    expect(await h.call('mentorship', 'updateMentor', { ...edit, fileType: 'upload', fileUrl: '' })).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: ENGAGEMENT_MSG.enterNewVideo } });
    const video = await grant('again.webm', Buffer.alloc(2048, 1));
    expectOk(await h.call('mentorship', 'updateMentor', { ...edit, fileType: 'upload', fileUrl: '', mentorVideo: { grantId: video.grantId } }));
    const back = (await mentors()).find((m) => m._id === mentor._id)!;
    expect(back.mentorVideo).toMatch(/\/mentorship\/stored\/.+\.webm\?/);
    expect(back.mentorShortVideoUrl).toBe('');
    expect(await h.call('mentorship', 'updateMentor', { ...edit, id: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('mentorship.deleteMentor', () => {
  it('deletes a mentor and their files; a mentor who attends an event is kept with a 409', async () => {
    const mentor = (await mentors()).find((m) => m.name === 'Farida Sheikh')!;
    const before = (await stored()).length;
    expect(expectOk(await h.call('mentorship', 'deleteMentor', { id: mentor._id }))).toEqual({ message: ENGAGEMENT_TEXT.mentorDeleted });
    expect((await stored()).length).toBe(before - 2);
    expect(await h.call('mentorship', 'deleteMentor', { id: mentor._id })).toMatchObject({ ok: false, error: { status: 404 } });
    const { session } = expectOk(await h.call<SessionList>('mentorship', 'sessions'));
    const busy = session[0]!.attendees[0]!;
    expect(await h.call('mentorship', 'deleteMentor', { id: busy })).toMatchObject({ ok: false, error: { status: 409, message: ENGAGEMENT_TEXT.mentorInEvents(1) } });
    expect((await mentors()).some((m) => m._id === busy)).toBe(true);
  });
});
