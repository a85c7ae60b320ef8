import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import { DRIVERS, multipart, startTestServer, type TestServer } from '../testing';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082', 'hex');
type Part = Parameters<typeof multipart>[1][number];

/** What the server itself refuses on the mentorship service (main validates first, so these are sent by hand). */
describe.each(DRIVERS)('events and mentors on the server ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  let dataDir: string;
  let refs: { group: string; idea: string; mentor: string };
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cc-mentorship-srv-'));
    s = await startTestServer(driver, { dataDir, seedDemo: true });
    token = await s.login();
    refs = {
      group: ((await s.call('GET', '/library/synonyms/keywords')).body.keywords as { _id: string }[])[0]!._id,
      idea: ((await s.call('GET', '/api/v1/bussinessIdeas/all-detailed')).body.bussinessIdeas as { _id: string }[])[0]!._id,
      mentor: ((await s.call('GET', '/mentorship/session-users/get-session-user')).body.sessionUsers as { _id: string }[])[0]!._id,
    };
  });
  afterAll(async () => {
    await s?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = async (method: string, path: string, fields: Record<string, string>, files: Part[] = []) => {
    const { body, contentType } = multipart(fields, files);
    const response = await fetch(`${s.url}${path}`, { method, headers: { authorization: token, 'content-type': contentType }, body: new Uint8Array(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const state = async () => ({
    sessions: (await s.call('GET', '/mentorship/sessions/get-all-sessions-for-admin', { token })).body.session,
    mentors: (await s.call('GET', '/mentorship/session-users/get-session-user')).body.sessionUsers,
    files: (await readdir(join(dataDir, 'media'))).sort(),
  });
  const event = (over: Record<string, string> = {}) => ({
    eventName: 'Bookkeeping for beginners', description: 'Cash book and credit book.', keywords: JSON.stringify([refs.group]),
    startTime: '10:00', endTime: '11:00', eventDate: '9-10-2031', businessIdeas: JSON.stringify([refs.idea]), language: 'Gujarati',
    attendees: JSON.stringify([refs.mentor]), level: '3', ...over,
  });
  const mentor = (over: Record<string, string> = {}) => ({
    name: 'Test Mentor', designation: 'Trainer', keywords: JSON.stringify([refs.group]), mentorBio: 'Trains shopkeepers.',
    businessIdeas: JSON.stringify([refs.idea]), language: JSON.stringify(['Telugu']), email: 'test.mentor@mentors.example.com',
    mobileNumber: '9000012345', organisation: 'Test Org', mentorFee: '200', ...over,
  });
  const picture: Part = { field: 'profilePicture', name: 'p.png', type: 'image/png', data: PNG };
  const video: Part = { field: 'mentorVideo', name: 'v.mp4', type: 'video/mp4', data: Buffer.alloc(1024, 1) };
  const thumb: Part = { field: 'thumbnail', name: 't.png', type: 'image/png', data: PNG };

  it('refuses what the spec forbids with a 400 and changes nothing (rows and files)', async () => {
    const before = await state();
    const sessionCases: [Record<string, string>, string][] = [
      [event({ startTime: '12:00', endTime: '11:00' }), ENGAGEMENT_MSG.startAfterEnd],
      [event({ level: '9' }), ENGAGEMENT_MSG.selectLevel],
      [event({ level: '0' }), ENGAGEMENT_MSG.selectLevel],
      [event({ eventName: 'Sale 50% off' }), ENGAGEMENT_MSG.specialCharacters],
      [event({ eventDate: '' }), ENGAGEMENT_MSG.enterEventDate],
      [{ ...event(), eventName: '' }, ENGAGEMENT_MSG.enterEventTitle],
      [event({ attendees: '[]' }), ENGAGEMENT_TEXT.selectMentors],
      [event({ eventDuration: '45' }), ENGAGEMENT_TEXT.durationMismatch],
    ];
    for (const [fields, message] of sessionCases) {
      expect(await send('POST', '/mentorship/sessions', fields, [thumb]), JSON.stringify(fields)).toEqual({ status: 400, body: { error: true, errorMessage: message } });
    }
    // A page sent as the event's png thumbnail.
    expect(await send('POST', '/mentorship/sessions', event(), [{ ...thumb, data: Buffer.from('<!doctype html><p>not an image') }])).toEqual({
      status: 400, body: { error: true, errorMessage: ENGAGEMENT_TEXT.imageNotImage },
    });
    const [first] = before.sessions as { _id: string }[];
    expect(await send('PUT', `/mentorship/sessions/${first!._id}`, event({ startTime: '11:00', endTime: '11:00' }))).toMatchObject({ status: 400 });
    const mentorCases: [Record<string, string>, Part[], string][] = [
      [mentor({ mentorBio: 'x'.repeat(1001) }), [picture, video], ENGAGEMENT_TEXT.bioTooLong],
      [mentor({ mentorFee: '-5' }), [picture, video], ENGAGEMENT_TEXT.feeMinimum],
      [mentor({ name: '' }), [picture, video], ENGAGEMENT_MSG.enterMentorName],
      [mentor(), [video], ENGAGEMENT_MSG.uploadProfilePicture],
      [mentor(), [picture], ENGAGEMENT_MSG.enterNewVideo],
      [mentor(), [picture, { ...video, name: 'v.mp3', type: 'audio/mpeg' }], ENGAGEMENT_TEXT.notAVideo],
      [mentor(), [{ ...picture, data: Buffer.from('<html><script>alert(1)</script></html>') }, video], ENGAGEMENT_TEXT.notAnImage],
    ];
    for (const [fields, files, message] of mentorCases) {
      expect(await send('POST', '/mentorship/session-users/register-mentor', fields, files), message).toEqual({ status: 400, body: { error: true, errorMessage: message } });
    }
    expect(await state()).toEqual(before);
  });

  it('accepts a valid event and mentor sent by hand', async () => {
    expect(await send('POST', '/mentorship/sessions', event(), [thumb])).toEqual({ status: 200, body: { error: false, message: ENGAGEMENT_TEXT.eventAdded } });
    expect(await send('POST', '/mentorship/session-users/register-mentor', mentor(), [picture, video])).toEqual({ status: 200, body: { error: false, message: ENGAGEMENT_TEXT.mentorAdded } });
  });

  it('needs a token for everything but the mentor list', async () => {
    expect((await s.call('GET', '/mentorship/sessions/get-all-sessions-for-admin')).status).toBe(401);
    expect((await s.call('DELETE', `/mentorship/session-users/${refs.mentor}`)).status).toBe(401);
    expect((await s.call('GET', '/mentorship/session-users/get-session-user')).status).toBe(200);
  });
});
