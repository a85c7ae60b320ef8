/**
 * Course health and the learner's preview (main's courseTools calls) against the reference server:
 * a course seeded with each problem kind, real link addresses answering (or not) on loopback.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../src/shared/schemas/courses';
import type { CourseHealth, LearnerPreview } from '../../src/shared/schemas/course-health';
import { courseProblems, LinkChecker, probeLink } from '../../src/main/services/course-health';
import { channelOf } from '../../src/shared/api';
import { freePort } from '../free-port';
import { expectedHealth, seedHealthCourse, type HealthSeed } from '../health-seed';
import { startLinkServer, type LinkServer } from '../link-server';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let work: string;
let links: LinkServer;
let seed: HealthSeed;
const PNG_1PX = '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082';

/** window.api's shape over the core's handlers. */
const apiOf = (harness: Harness) =>
  new Proxy({}, { get: (_t, group: string) => new Proxy({}, { get: (_u, call: string) => (input: unknown) => harness.core.handlers.get(channelOf(group, call))!(input) }) });

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-health-'));
  links = await startLinkServer();
  const png = join(work, 'thumb.png');
  await writeFile(png, Buffer.from(PNG_1PX, 'hex'));
  const thumb = expectOk(await h.grantFile(png));
  seed = await seedHealthCourse(
    { name: 'Health check course', thumbnailGrantId: thumb.grantId, okUrl: `${links.url}/ok`, badUrl: `${links.url}/missing`, deadUrl: `http://127.0.0.1:${await freePort()}/gone` },
    apiOf(h),
  );
}, 60_000);
afterAll(async () => {
  await h.close();
  await links.close();
  await rm(work, { recursive: true, force: true });
});

const health = async (links = false) => expectOk(await h.call<CourseHealth>('courseTools', 'health', { courseId: seed.courseId, links }));
const found = (report: CourseHealth) => report.problems.map((p) => `${p.kind} ${p.title}`).sort();

describe('courseTools.health', () => {
  it('finds each problem of the seeded course, and none on the video that has everything', async () => {
    const report = await health();
    expect(found(report)).toEqual(expectedHealth(false));
    expect(report).toMatchObject({ name: 'Health check course', language: 'English', status: 'live', folders: 5, videos: 7, linksChecked: false });
    expect(report.problems.some((p) => p.title === 'Welcome')).toBe(false);
    expect(links.asked).toEqual([]);
  });

  it('names the record that fixes each problem: its folder path, its library file, the exact text', async () => {
    const problems = (await health()).problems;
    const of = (kind: string, title: string) => problems.find((p) => p.kind === kind && p.title === title)!;
    expect(of('emptyFolder', 'Empty module')).toMatchObject({ recordId: seed.emptyModuleId, folderPath: [{ _id: seed.emptyModuleId, title: 'Empty module' }], message: 'This folder has no videos.' });
    expect(of('notLive', 'Draft talk')).toMatchObject({ recordId: seed.docs['Draft talk'], fileId: seed.files.draft, message: 'The course is live but its library file is draft.' });
    expect(of('notLive', 'Draft talk').folderPath.map((f) => f.title)).toEqual(['Planning', 'Basics', 'Start']);
    expect(of('missingFile', 'Lost video')).toMatchObject({ recordId: seed.docs['Lost video'], message: 'The library file of this video was deleted.' });
    expect(of('noTranscript', 'Broken link')).toMatchObject({ fileId: seed.files.bad, message: "No transcript in English, the course's language." });
    expect(of('noMoments', 'Silent link')).toMatchObject({ fileId: seed.files.dead, message: 'This video has no moments.' });
    expect(of('noQuestions', 'Draft talk').message).toBe('No questions follow this video.');
    expect(of('repeatedTitle', 'Same title').message).toBe('2 videos in this folder have this title.');
    // The directory's order: the Planning module's records before the empty module.
    expect(problems.at(-1)!.kind).toBe('emptyFolder');
  });

  it('checks links with a HEAD request when asked: a 404 and an address that does not answer', async () => {
    const report = await health(true);
    expect(found(report)).toEqual(expectedHealth(true));
    const broken = report.problems.filter((p) => p.kind === 'brokenLink');
    expect(broken.find((p) => p.title === 'Broken link')!.message).toBe('The link does not answer (HTTP 404).');
    expect(broken.find((p) => p.title === 'Silent link')!.message).toBe('The link does not answer (no answer).');
    expect(links.asked.every((r) => r.startsWith('HEAD '))).toBe(true);
    // Kept: a second check asks no address again.
    const asked = links.asked.length;
    expect(found(await health(true))).toEqual(expectedHealth(true));
    expect(links.asked.length).toBe(asked);
  });

  it('finds a course without a thumbnail (a platform may hold one; the server refuses to make it)', async () => {
    const [kept] = await h.db.query<{ thumbnail_url: string; thumbnail_stored: string | null }>(`SELECT thumbnail_url, thumbnail_stored FROM courses WHERE id = $1`, [seed.courseId]);
    await h.db.query(`UPDATE courses SET thumbnail_url = '', thumbnail_stored = NULL WHERE id = $1`, [seed.courseId]);
    try {
      const problems = (await health()).problems;
      expect(problems[0]).toMatchObject({ kind: 'noThumbnail', recordId: seed.courseId, title: 'Health check course', message: 'The course has no thumbnail.' });
    } finally {
      await h.db.query(`UPDATE courses SET thumbnail_url = $2, thumbnail_stored = $3 WHERE id = $1`, [seed.courseId, kept!.thumbnail_url, kept!.thumbnail_stored]);
    }
  });

  it('refuses an unknown course with the server message', async () => {
    const result = await h.call('courseTools', 'health', { courseId: 'no-such-course' });
    expect(result.ok).toBe(false);
  });
});

describe('courseTools.healthAll', () => {
  it('checks every course in the list order, the seeded one with its problems', async () => {
    const all = expectOk(await h.call<CourseHealth[]>('courseTools', 'healthAll', {}));
    const courses = expectOk(await h.call<Course[]>('videoRepository', 'courses'));
    expect(all.map((c) => c.courseId)).toEqual(courses.map((c) => c._id));
    expect(found(all.find((c) => c.courseId === seed.courseId)!)).toEqual(expectedHealth(false));
  });
});

describe('the course rules on a platform record', () => {
  it('a Paid course without a fee, and a course without a thumbnail', async () => {
    const course = expectOk(await h.call<Course[]>('videoRepository', 'courses')).find((c) => c._id === seed.courseId)!;
    expect(courseProblems(course)).toEqual([]);
    const paid = { ...course, thumbnail: '', pricingPlan: { planType: 'Paid' as const, courseFee: 0 } };
    expect(courseProblems(paid).map((p) => [p.kind, p.message])).toEqual([
      ['paidWithoutFee', 'The course is Paid but has no fee.'],
      ['noThumbnail', 'The course has no thumbnail.'],
    ]);
  });
});

describe('link checks', () => {
  it('ask at most 4 addresses at a time, each once while kept, and give up after the timeout', async () => {
    const slow = await startLinkServer(0, 400);
    try {
      const checker = new LinkChecker((url) => probeLink(url, 2000));
      const urls = Array.from({ length: 10 }, (_, i) => `${slow.url}/slow/${i}`);
      const answers = await checker.check([...urls, ...urls]);
      expect([...answers.values()]).toEqual(Array(10).fill(null));
      expect(slow.asked).toHaveLength(10);
      expect(slow.mostAtOnce).toBe(4);
      await checker.check(urls);
      expect(slow.asked).toHaveLength(10);
      expect(await probeLink(`${slow.url}/slow/late`, 100)).toBe('no answer in 0.1 s');
      expect(await probeLink('ftp://example.com/x')).toBe('ftp: is not a web address');
    } finally {
      await slow.close();
    }
  });

  it('keep a working answer 10 minutes and a failure only 30 s', async () => {
    let clock = 0;
    const asked: string[] = [];
    const checker = new LinkChecker(async (url) => (asked.push(url), url.includes('down') ? 'HTTP 503' : null), () => clock);
    await checker.check(['https://a.example/up', 'https://a.example/down']);
    clock += 20_000;
    await checker.check(['https://a.example/up', 'https://a.example/down']);
    expect(asked).toEqual(['https://a.example/up', 'https://a.example/down']);
    clock += 20_000;
    expect(await checker.check(['https://a.example/up', 'https://a.example/down'])).toEqual(new Map([['https://a.example/up', null], ['https://a.example/down', 'HTTP 503']]));
    expect(asked).toEqual(['https://a.example/up', 'https://a.example/down', 'https://a.example/down']);
  });
});

describe('courseTools.preview', () => {
  it("shows the course as a learner sees it: folders and videos in order, durations, free videos, the questions", async () => {
    const preview = expectOk(await h.call<LearnerPreview>('courseTools', 'preview', { courseId: seed.courseId }));
    expect(preview.modules.map((m) => [m.title, m.level])).toEqual([['Planning', 'module'], ['Empty module', 'module']]);
    const [basics] = preview.modules[0]!.folders;
    expect(basics!.title).toBe('Basics');
    expect(basics!.folders.map((c) => c.title)).toEqual(['Start', 'Repeats']);
    const start = basics!.folders[0]!;
    expect(start.videos.map((x) => x.title)).toEqual(['Welcome', 'Draft talk', 'Broken link', 'Silent link', 'Lost video']);
    expect(start.videos[0]).toMatchObject({ duration: 95, freeToWatch: true, fileId: seed.files.good, questions: [{ _id: seed.questionId, question: seed.questionText }] });
    expect(start.videos[0]!.questions[0]!.options.length).toBeGreaterThanOrEqual(2);
    expect(start.videos[4]).toMatchObject({ title: 'Lost video', fileId: '', duration: 0, freeToWatch: false, questions: [] });
  });
});

describe('courseTools.health after fixes', () => {
  it("a transcript in another language does not count, one in the course's language does; a moment clears No moments", async () => {
    const silent = (report: CourseHealth) => found(report).filter((p) => p.endsWith(' Silent link'));
    expect(silent(await health())).toEqual(['noMoments Silent link', 'noQuestions Silent link', 'noTranscript Silent link']);
    expectOk(await h.call('videoRepository', 'addTranscript', { videoId: seed.files.dead, timeStamp: '00:00:01', captionText: 'नमस्ते', language: 'Hindi' }));
    expect(silent(await health())).toEqual(['noMoments Silent link', 'noQuestions Silent link', 'noTranscript Silent link']);
    expectOk(await h.call('videoRepository', 'addTranscript', { videoId: seed.files.dead, timeStamp: '00:00:01', captionText: 'Hello', language: 'English' }));
    expectOk(await h.call('library', 'addMoment', { fileId: seed.files.dead, timestamp: '00:00:02', description: 'Start', transcript: 'Hello' }));
    expectOk(await h.call('videoRepository', 'videoQuestions', { videoId: seed.docs['Silent link'], questionBank: [seed.questionId] }));
    expect(silent(await health())).toEqual([]);
  });
});
