/**
 * Course health and the learner's preview (main's courseTools calls) against the reference server:
 * a course seeded with each problem kind, real link addresses answering (or not) on loopback.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '../../src/shared/schemas/courses';
import { HEALTH_TEXT, type CourseHealth, type LearnerPreview } from '../../src/shared/schemas/course-health';
import { courseProblems, LinkChecker } from '../../src/main/services/course-health';
import { probeLink, type ResolvedAddress } from '../../src/main/services/link-probe';
import { channelOf } from '../../src/shared/api';
import { freePort } from '../free-port';
import { expectedHealth, seedHealthCourse, type HealthSeed } from '../health-seed';
import { startLinkServer, type LinkServer } from '../link-server';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

let h: Harness;
let work: string;
let links: LinkServer;
let seed: HealthSeed;

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

  it('reports a link to a private address as not checked, and why, without requesting it', async () => {
    const [kept] = await h.db.query<{ file_url: string }>(`SELECT file_url FROM library_files WHERE id = $1`, [seed.files.bad]);
    await h.db.query(`UPDATE library_files SET file_url = 'http://192.168.10.20/talk.mp4' WHERE id = $1`, [seed.files.bad]);
    try {
      const problems = (await health(true)).problems.filter((p) => p.title === 'Broken link' && p.kind.startsWith('link'));
      expect(problems).toEqual([expect.objectContaining({
        kind: 'linkNotChecked', fileId: seed.files.bad,
        message: 'The link was not checked: 192.168.10.20 is an address of a private network; only public web addresses are checked.',
      })]);
    } finally {
      await h.db.query(`UPDATE library_files SET file_url = $2 WHERE id = $1`, [seed.files.bad, kept!.file_url]);
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
      const checker = new LinkChecker((url) => probeLink(url, { timeoutMs: 2000, allowLoopback: true }));
      const urls = Array.from({ length: 10 }, (_, i) => `${slow.url}/slow/${i}`);
      const answers = await checker.check([...urls, ...urls]);
      expect([...answers.values()]).toEqual(Array(10).fill(null));
      expect(slow.asked).toHaveLength(10);
      expect(slow.mostAtOnce).toBe(4);
      await checker.check(urls);
      expect(slow.asked).toHaveLength(10);
      expect(await probeLink(`${slow.url}/slow/late`, { timeoutMs: 100, allowLoopback: true })).toEqual({ kind: 'broken', reason: 'no answer in 0.1 s' });
      expect(await probeLink('ftp://example.com/x')).toEqual({ kind: 'broken', reason: 'ftp: is not a web address' });
    } finally {
      await slow.close();
    }
  });

  it('keep a working answer 10 minutes and a failure only 30 s', async () => {
    let clock = 0;
    const asked: string[] = [];
    const down = { kind: 'broken', reason: 'HTTP 503' } as const;
    const checker = new LinkChecker(async (url) => (asked.push(url), url.includes('down') ? down : null), () => clock);
    await checker.check(['https://a.example/up', 'https://a.example/down']);
    clock += 20_000;
    await checker.check(['https://a.example/up', 'https://a.example/down']);
    expect(asked).toEqual(['https://a.example/up', 'https://a.example/down']);
    clock += 20_000;
    expect(await checker.check(['https://a.example/up', 'https://a.example/down'])).toEqual(new Map([['https://a.example/up', null], ['https://a.example/down', down]]));
    expect(asked).toEqual(['https://a.example/up', 'https://a.example/down', 'https://a.example/down']);
  });
});

/**
 * The link rule: only public addresses are requested. Every test here sends traffic to loopback only
 * (the link server on 127.0.0.1); private and public addresses come from a resolver the test injects
 * and are refused before any connection is made.
 */
describe('link checks: what is requested', () => {
  const notChecked = (reason: string) => ({ kind: 'refused', reason: `${reason}; only public web addresses are checked` });
  /** A resolver that answers from a table and counts what it was asked (a name it lacks is not found). */
  const table = (names: Record<string, string | string[] | (() => string)>) => {
    const asked: string[] = [];
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      asked.push(host);
      const entry = names[host];
      if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      const list = typeof entry === 'function' ? [entry()] : Array.isArray(entry) ? entry : [entry];
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { asked, resolve };
  };

  it('refuses loopback by default, however it is written, and asks nothing', async () => {
    const port = new URL(links.url).port;
    const before = links.asked.length;
    const cases: [string, string][] = [
      [`${links.url}/ok`, '127.0.0.1 is an address of this computer'],
      [`http://[::1]:${port}/ok`, '::1 is an address of this computer'],
      [`http://2130706433:${port}/ok`, '127.0.0.1 is an address of this computer'],
      [`http://0x7f.1:${port}/ok`, '127.0.0.1 is an address of this computer'],
      [`http://[::ffff:127.0.0.1]:${port}/ok`, '::ffff:7f00:1 is an address of this computer'],
      [`http://localhost:${port}/ok`, 'localhost leads to'],
    ];
    for (const [url, reason] of cases) {
      const answer = await probeLink(url);
      expect(answer, url).toMatchObject({ kind: 'refused' });
      expect(answer!.reason.startsWith(reason), `${url}: ${answer!.reason}`).toBe(true);
    }
    expect(links.asked.length).toBe(before);
  });

  it('refuses private, link-local, carrier-grade NAT, multicast, unspecified and reserved addresses before any connection', async () => {
    const literals: [string, string][] = [
      ['http://10.1.2.3/x', '10.1.2.3 is an address of a private network'],
      ['http://172.16.5.4/x', '172.16.5.4 is an address of a private network'],
      ['https://192.168.1.1/x', '192.168.1.1 is an address of a private network'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address (the local network segment)'],
      ['http://100.64.0.1/x', "100.64.0.1 is an address of a provider's shared network (carrier-grade NAT)"],
      ['http://224.0.0.251/x', '224.0.0.251 is a multicast address'],
      ['http://0.0.0.0/x', '0.0.0.0 is an unspecified address'],
      ['http://255.255.255.255/x', '255.255.255.255 is a reserved address, not on the public internet'],
      ['http://[fd00::1]/x', 'fd00::1 is an address of a private network'],
      ['http://[fe80::1]/x', 'fe80::1 is a link-local address (the local network segment)'],
      ['http://[ff02::1]/x', 'ff02::1 is a multicast address'],
      ['http://[::]/x', ':: is an unspecified address'],
      ['http://[::ffff:10.0.0.1]/x', '::ffff:a00:1 is an address of a private network'],
      ['http://[64:ff9b::c0a8:101]/x', '64:ff9b::c0a8:101 is an address of a private network'],
    ];
    for (const [url, reason] of literals) expect(await probeLink(url), url).toEqual(notChecked(reason));

    const names = table({
      'intranet.test': '10.0.0.5', 'router.test': '192.168.0.1', 'metadata.test': '169.254.169.254', 'cgnat.test': '100.100.1.1',
      'ula.test': 'fd12::1', 'mapped.test': '::ffff:172.20.0.1',
      // One public address among private ones: refused all the same (the connection could go to either).
      'mixed.test': ['93.184.215.14', '10.20.30.40'],
    });
    expect(await probeLink('https://intranet.test/video.mp4', { resolve: names.resolve })).toEqual(notChecked('intranet.test leads to 10.0.0.5, an address of a private network'));
    expect(await probeLink('http://router.test/', { resolve: names.resolve })).toEqual(notChecked('router.test leads to 192.168.0.1, an address of a private network'));
    expect(await probeLink('http://metadata.test/', { resolve: names.resolve })).toEqual(notChecked('metadata.test leads to 169.254.169.254, a link-local address (the local network segment)'));
    expect(await probeLink('http://cgnat.test/', { resolve: names.resolve })).toEqual(notChecked("cgnat.test leads to 100.100.1.1, an address of a provider's shared network (carrier-grade NAT)"));
    expect(await probeLink('http://ula.test/', { resolve: names.resolve })).toEqual(notChecked('ula.test leads to fd12::1, an address of a private network'));
    expect(await probeLink('http://mapped.test/', { resolve: names.resolve })).toEqual(notChecked('mapped.test leads to ::ffff:172.20.0.1, an address of a private network'));
    expect(await probeLink('http://mixed.test/', { resolve: names.resolve })).toEqual(notChecked('mixed.test leads to 10.20.30.40, an address of a private network'));
    // Loopback allowed (the test runs' setting) lets loopback through, nothing else.
    expect(await probeLink('http://intranet.test/', { resolve: names.resolve, allowLoopback: true })).toMatchObject({ kind: 'refused' });
    expect(await probeLink('http://10.1.2.3/', { allowLoopback: true })).toMatchObject({ kind: 'refused' });
    expect(await probeLink('http://nowhere.test/', { resolve: names.resolve })).toEqual({ kind: 'broken', reason: 'the name nowhere.test is not found' });
  });

  it('follows a redirect chain by hand on loopback, at most 5 hops, each hop checked', async () => {
    const allowed = { allowLoopback: true };
    links.asked.length = 0;
    expect(await probeLink(`${links.url}/redirect/4`, allowed)).toBeNull();
    expect(links.asked).toEqual(['HEAD /redirect/4', 'HEAD /redirect/3', 'HEAD /redirect/2', 'HEAD /redirect/1', 'HEAD /redirect/0', 'HEAD /ok']);
    expect(await probeLink(`${links.url}/redirect/5`, allowed)).toEqual({ kind: 'broken', reason: 'more than 5 redirects' });
    expect(await probeLink(`${links.url}/loop`, allowed)).toEqual({ kind: 'broken', reason: 'more than 5 redirects' });
    expect(await probeLink(`${links.url}/redirect/1`, { allowLoopback: true, timeoutMs: 2000 })).toBeNull();
    // A redirect to a missing page is that page's answer.
    expect(await probeLink(`${links.url}/to?url=${encodeURIComponent(`${links.url}/missing`)}`, allowed)).toEqual({ kind: 'broken', reason: 'HTTP 404' });

    // A redirect to an address that is not public is not followed: the report says where it went.
    links.asked.length = 0;
    const names = table({ 'intranet.test': '10.0.0.5' });
    const to = (target: string) => `${links.url}/to?url=${encodeURIComponent(target)}`;
    expect(await probeLink(to('http://10.0.0.1/admin'), allowed)).toEqual(notChecked('it redirects to http://10.0.0.1, and 10.0.0.1 is an address of a private network'));
    expect(await probeLink(to('http://[fe80::1]:8080/'), allowed)).toEqual(notChecked('it redirects to http://[fe80::1]:8080, and fe80::1 is a link-local address (the local network segment)'));
    expect(await probeLink(to('https://intranet.test/x'), { ...allowed, resolve: names.resolve })).toEqual(notChecked('it redirects to https://intranet.test, and intranet.test leads to 10.0.0.5, an address of a private network'));
    expect(names.asked).toEqual(['intranet.test']);
    expect(await probeLink(to('file:///etc/passwd'), allowed)).toEqual({ kind: 'broken', reason: 'it redirects to a file: address' });
    expect(links.asked).toEqual(['HEAD /to', 'HEAD /to', 'HEAD /to', 'HEAD /to']);
    // Without the test runs' setting, a chain that starts on loopback is not requested at all.
    expect(await probeLink(`${links.url}/redirect/1`)).toMatchObject({ kind: 'refused' });
    expect(links.asked).toHaveLength(4);
  });

  it('connects to the address it checked: a name that changes its answer (DNS rebinding) is not asked twice', async () => {
    const port = new URL(links.url).port;
    let lookups = 0;
    // First answer loopback, then a private address: a second lookup at connect time would reach it.
    const names = table({ 'rebind.test': () => (lookups++ === 0 ? '127.0.0.1' : '10.0.0.1') });
    links.asked.length = 0;
    links.hosts.length = 0;
    expect(await probeLink(`http://rebind.test:${port}/ok`, { allowLoopback: true, resolve: names.resolve })).toBeNull();
    expect(names.asked).toEqual(['rebind.test']);
    // The request went to 127.0.0.1 under the link's own name (the system resolver does not know rebind.test).
    expect(links.hosts).toEqual([`rebind.test:${port}`]);
    // Each hop of a redirect is resolved and checked again: the second answer is refused.
    lookups = 0;
    expect(await probeLink(`http://rebind.test:${port}/redirect/0`, { allowLoopback: true, resolve: names.resolve })).toEqual(
      notChecked(`it redirects to http://rebind.test:${port}, and rebind.test leads to 10.0.0.1, an address of a private network`),
    );
    expect(links.asked).toEqual(['HEAD /ok', 'HEAD /redirect/0']);
  });

  it('asks with a one-byte GET where HEAD is refused', async () => {
    links.asked.length = 0;
    expect(await probeLink(`${links.url}/head-refused`, { allowLoopback: true })).toBeNull();
    expect(links.asked).toEqual(['HEAD /head-refused', 'GET /head-refused']);
  });

  it('sends no credentials written into a link', async () => {
    const withCredentials = links.url.replace('http://', 'http://staff:secret@');
    expect(await probeLink(`${withCredentials}/ok`, { allowLoopback: true })).toBeNull();
    expect(links.authorized).toBe(0);
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
    // What a learner does not see is said: the draft file's status; each question's language beside the video's.
    expect(start.videos.map((x) => x.status)).toEqual(['live', 'draft', 'live', 'live', '']);
    expect(start.videos[0]).toMatchObject({ language: 'English', questions: [{ language: 'English' }] });
  });
});

describe('courseTools.health, questions in another language', () => {
  it("names a video whose questions are not in its file's language, and how many of them", async () => {
    const all = expectOk(await h.call<{ _id: string; language: string }[]>('questionBank', 'questions'));
    const hindi = all.find((q) => q.language === 'Hindi')!;
    const welcome = seed.docs['Welcome'];
    expectOk(await h.call('videoRepository', 'videoQuestions', { videoId: welcome, questionBank: [seed.questionId, hindi._id] }));
    try {
      const problems = (await health()).problems.filter((p) => p.title === 'Welcome');
      expect(problems).toEqual([expect.objectContaining({ kind: 'questionsOtherLanguage', recordId: welcome, fileId: seed.files.good, message: "1 of its 2 questions is not in English, the video's language." })]);
      expect(HEALTH_TEXT.questionsOtherLanguage(1, 1, 'Hindi')).toBe("Its question is not in Hindi, the video's language.");
      expect(HEALTH_TEXT.questionsOtherLanguage(3, 3, 'Hindi')).toBe("All 3 of its questions are not in Hindi, the video's language.");
    } finally {
      expectOk(await h.call('videoRepository', 'videoQuestions', { videoId: welcome, questionBank: [seed.questionId] }));
    }
    expect((await health()).problems.some((p) => p.title === 'Welcome')).toBe(false);
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
