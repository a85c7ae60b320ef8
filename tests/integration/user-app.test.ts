import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/constants';
import type { CompletedVideo, Learner, LearnerWithToken, ModuleProgress, ProgressSummary } from '../../src/shared/schemas/users';
import type { Course } from '../../src/shared/schemas/courses';
import { NO_SUCH_LEARNER } from '../../src/main/services/learners';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let learners: Learner[];

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  learners = expectOk(await h.call<Learner[]>('learners', 'list'));
});
afterAll(async () => h.close());

/** The server's own answer, with the admin's token (what main receives). */
const rawUsers = async (): Promise<LearnerWithToken[]> => {
  const response = await fetch(`${h.serverUrl}/user-app/user`, { headers: { authorization: h.core.session.currentToken()! } });
  return ((await response.json()) as { users: LearnerWithToken[] }).users;
};
const progressOf = async (mobile: string) => expectOk(await h.call<ProgressSummary>('learners', 'progress', { mobile }));
const mostAdvanced = () => [...learners].sort((a, b) => b.currentProgress.progress - a.currentProgress.progress)[0]!;

describe('userApp.users', () => {
  it('lists the demo learners in the twelve languages, without their tokens', async () => {
    expect(learners.length).toBeGreaterThanOrEqual(24);
    expect(new Set(learners.map((l) => l.userInfo.preferredLanguage))).toEqual(new Set(LANGUAGES));
    expect(learners.some((l) => l.userInfo.loginTime === '')).toBe(true);
    expect(learners.some((l) => l.currentProgress.progress > 0 && l.currentProgress.moduleId !== '')).toBe(true);
    const raw = await rawUsers();
    expect(raw.length).toBe(learners.length);
    expect(raw.every((l) => l.userInfo.token.length >= 32)).toBe(true);
    const seen = JSON.stringify(learners);
    expect(raw.filter((l) => seen.includes(l.userInfo.token))).toEqual([]);
    expect(learners[0]!.userInfo).not.toHaveProperty('token');
  });
});

describe('userApp.progress', () => {
  it("returns the learner's tree of module, topic, concept and videos, as that learner (by mobile)", async () => {
    const learner = mostAdvanced();
    const summary = await progressOf(learner.userInfo.mobileNumber);
    expect(summary.modules.length).toBeGreaterThan(0);
    const videos = summary.modules.flatMap((m) => m.topics.flatMap((t) => t.concepts.flatMap((c) => c.videos)));
    expect(summary.videos.map((v) => v.videoId)).toEqual(videos.map((v) => v.videoId));
    expect(videos.some((v) => v.completed)).toBe(true);
    const [module] = summary.modules;
    expect(module!.name.english).not.toBe('');
    expect(module!.watchTime).toBe(module!.topics.reduce((s, t) => s + t.watchTime, 0));
    expect(module!.startTime <= module!.topics[0]!.startTime).toBe(true);
    const courses = expectOk(await h.call<Course[]>('videoRepository', 'courses'));
    expect(courses.find((c) => c._id === summary.courseId)!.modules.map((m) => m._id)).toContain(module!._id);
    // Another learner sees their own progress.
    const other = learners.find((l) => l.currentProgress.progress === 0 && l.currentProgress.moduleId === '')!;
    expect((await progressOf(other.userInfo.mobileNumber)).modules).toEqual([]);
  });

  it('finds a learner whatever the mobile spacing or +91, and says so when there is none', async () => {
    const learner = mostAdvanced();
    const plain = await progressOf(learner.userInfo.mobileNumber);
    expect(await progressOf(`+91${learner.userInfo.mobileNumber}`)).toEqual(plain);
    const spaced = `${learner.userInfo.mobileNumber.slice(0, 5)} ${learner.userInfo.mobileNumber.slice(5)}`;
    expect(await progressOf(spaced)).toEqual(plain);
    expect(await h.call('learners', 'progress', { mobile: '9000000001' })).toMatchObject({ ok: false, error: { status: 404, message: NO_SUCH_LEARNER('9000000001') } });
    expect(await h.call('learners', 'progress', { mobile: 'abc' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });

  it("the server takes only a learner's token: the admin's or a made-up one is a 401, and the admin stays signed in", async () => {
    for (const token of [h.core.session.currentToken()!, 'made-up']) {
      const response = await fetch(`${h.serverUrl}/user-app/progress`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
    }
    const [learner] = await rawUsers();
    const ok = await fetch(`${h.serverUrl}/user-app/progress`, { headers: { authorization: `Bearer ${learner!.userInfo.token}` } });
    expect(ok.status).toBe(200);
    expect(h.core.session.currentUser()).not.toBeNull();
  });
});

describe('userApp.conceptProgress', () => {
  it("lists the learner's completed videos of a concept with each quiz question right or wrong", async () => {
    const learner = mostAdvanced();
    const summary = await progressOf(learner.userInfo.mobileNumber);
    const concept = summary.modules.flatMap((m) => m.topics.flatMap((t) => t.concepts)).find((c) => c.videos.some((v) => v.completed))!;
    const done = expectOk(await h.call<CompletedVideo[]>('learners', 'conceptProgress', { mobile: learner.userInfo.mobileNumber, conceptId: concept._id }));
    expect(done.map((v) => v.videoId)).toEqual(concept.videos.filter((v) => v.completed).map((v) => v.videoId));
    const quizzed = done.find((v) => v.questionBank.length > 0)!;
    expect(quizzed.questionBank[0]!.question.length).toBeGreaterThan(3);
    expect(quizzed.score).toBe(quizzed.questionBank.filter((q) => q.isAnsweredRight).length);
    expect(done.flatMap((v) => v.questionBank).some((q) => !q.isAnsweredRight)).toBe(true);
    expect(await h.call('learners', 'conceptProgress', { mobile: learner.userInfo.mobileNumber, conceptId: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('userApp.moduleProgress', () => {
  it("lists the topics of a learner's current module in order", async () => {
    const learner = mostAdvanced();
    const result = expectOk(await h.call<ModuleProgress>('userApp', 'moduleProgress', { moduleId: learner.currentProgress.moduleId }));
    expect(result.module._id).toBe(learner.currentProgress.moduleId);
    expect(result.topics.length).toBeGreaterThan(0);
    expect(result.topics[0]!.name.english).not.toBe('');
    expect(await h.call('userApp', 'moduleProgress', { moduleId: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it('learner calls need a signed-in admin', async () => {
    const mobile = mostAdvanced().userInfo.mobileNumber;
    expectOk(await h.call('session', 'logout'));
    expect(await h.call('learners', 'progress', { mobile })).toMatchObject({ ok: false, error: { kind: 'auth' } });
    await h.login();
    expect((await progressOf(mobile)).modules.length).toBeGreaterThan(0);
  });
});
