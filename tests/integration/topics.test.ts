import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MSG, COURSE_TEXT } from '../../src/shared/course-messages';
import type { Course, DocumentListing } from '../../src/shared/schemas/courses';
import type { LibraryFile } from '../../src/shared/schemas/library';
import type { Module, TopicDetail, TopicList, Video } from '../../src/shared/schemas/topics';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let library: LibraryFile[];
let courseList: Course[];
let dairy: Course;

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  library = expectOk(await h.call<LibraryFile[]>('library', 'mediaList'));
  courseList = expectOk(await h.call<Course[]>('videoRepository', 'courses'));
  dairy = courseList.find((c) => c.name === 'Start your own dairy')!;
});
afterAll(async () => h.close());

const topics = async (moduleId: string) => expectOk(await h.call<TopicList>('videoRepository', 'topics', { moduleId }));
const byTopic = async (topicId: string) => expectOk(await h.call<Video[]>('videoRepository', 'videosByTopic', { topicId }));
const byConcept = async (conceptId: string) => expectOk(await h.call<Video[]>('videoRepository', 'videosByConcept', { conceptId }));
const topicOf = async (id: string) => expectOk(await h.call<TopicDetail>('videoRepository', 'topic', { id }));

describe('videoRepository.modules', () => {
  it("lists every course's modules with course, language and topic count", async () => {
    const modules = expectOk(await h.call<Module[]>('videoRepository', 'modules'));
    const ofDairy = modules.filter((m) => m.courseId === dairy._id);
    expect(ofDairy.map((m) => m.name)).toEqual(dairy.modules.map((m) => m.title));
    expect(ofDairy[0]).toMatchObject({ courseName: dairy.name, language: 'Hindi', topicCount: 2 });
    expect(new Set(modules.map((m) => m.courseId)).size).toBe(courseList.filter((c) => c.modulesCount > 0).length);
  });
});

describe('videoRepository.topics', () => {
  it("lists a module's topics with video counts, the module for breadcrumbs, and disallowTopicAddition", async () => {
    const list = await topics(dairy.modules[0]!._id);
    expect(list.topics.map((t) => t.name)).toEqual(['Choosing your cattle', 'Shed and water']);
    expect(list.topics[0]).toMatchObject({ moduleId: dairy.modules[0]!._id, courseId: dairy._id, topicId: expect.any(Number) });
    expect(list.topics.every((t) => t.videoCount > 0)).toBe(true);
    expect(list).toMatchObject({ disallowTopicAddition: false, moduleInfo: { name: 'Planning the dairy', courseName: dairy.name, language: 'Hindi' } });
    const videosOnly = courseList.find((c) => c.hasOnlyVideos)!;
    expect((await topics(videosOnly.modules[0]!._id)).disallowTopicAddition).toBe(true);
    expect(await h.call('videoRepository', 'topics', { moduleId: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.topic', () => {
  it('returns the topic with its module, course and concepts', async () => {
    const [first] = (await topics(dairy.modules[0]!._id)).topics;
    const topic = await topicOf(first!._id);
    expect(topic).toMatchObject({ name: 'Choosing your cattle', moduleName: 'Planning the dairy', courseName: dairy.name, language: 'Hindi' });
    expect(topic.concepts.map((c) => c.name)).toEqual(['Breeds for your region', 'Checking an animal before you buy']);
    expect(topic.concepts.reduce((n, c) => n + c.videoCount, 0)).toBe(topic.videoCount);
    expect(await h.call('videoRepository', 'topic', { id: dairy.modules[0]!._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.addTopic', () => {
  it('adds a topic at the end of the module (a folder in the directory too); refuses one in a videos-only course', async () => {
    const moduleId = dairy.modules[1]!._id;
    expect(expectOk(await h.call('videoRepository', 'addTopic', { name: 'Vaccination calendar', moduleId }))).toEqual({ message: 'Topic has been Added' });
    const list = await topics(moduleId);
    expect(list.topics.at(-1)).toMatchObject({ name: 'Vaccination calendar', description: '', videoCount: 0 });
    const folder = expectOk(await h.call<DocumentListing>('videoRepository', 'document', { id: moduleId }));
    expect(folder.descendants.at(-1)).toMatchObject({ title: 'Vaccination calendar', type: 'folder', level: 'topic' });
    expect(await h.call('videoRepository', 'addTopic', { name: '', moduleId })).toMatchObject({ ok: false, error: { kind: 'validation', message: COURSE_TEXT.enterTopicName } });
    const videosOnly = courseList.find((c) => c.hasOnlyVideos)!;
    expect(await h.call('videoRepository', 'addTopic', { name: 'Refused', moduleId: videosOnly.modules[0]!._id })).toMatchObject({ ok: false, error: { status: 409 } });
    expect((await topics(videosOnly.modules[0]!._id)).topics).toEqual([]);
  });
});

describe('videoRepository.topicSequence', () => {
  it("saves the module's new topic order; refuses ids that are not topics of one module", async () => {
    const moduleId = dairy.modules[0]!._id;
    const before = (await topics(moduleId)).topics.map((t) => t._id);
    const reversed = [...before].reverse();
    expectOk(await h.call('videoRepository', 'topicSequence', { topics: reversed }));
    expect((await topics(moduleId)).topics.map((t) => t._id)).toEqual(reversed);
    const other = (await topics(dairy.modules[1]!._id)).topics[0]!._id;
    expect(await h.call('videoRepository', 'topicSequence', { topics: [other, ...before] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await h.call('videoRepository', 'topicSequence', { topics: [moduleId] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect((await topics(moduleId)).topics.map((t) => t._id)).toEqual(reversed);
  });
});

describe('videoRepository.videosByTopic', () => {
  it("lists a topic's videos in course order with their library video, ids of module, topic and concept", async () => {
    const topic = (await topics(dairy.modules[0]!._id)).topics.find((t) => t.name === 'Choosing your cattle')!;
    const detail = await topicOf(topic._id);
    const videos = await byTopic(topic._id);
    expect(videos.length).toBe(topic.videoCount);
    expect(videos[0]).toMatchObject({ moduleId: dairy.modules[0]!._id, topicId: topic._id, conceptId: detail.concepts[0]!._id, courseId: dairy._id });
    expect(videos.map((v) => v.conceptId)).toEqual(
      detail.concepts.flatMap((c) => Array.from({ length: c.videoCount }, () => c._id)),
    );
    const file = library.find((f) => f._id === videos[0]!.videoId)!;
    expect(videos[0]).toMatchObject({ language: file.language, videoUrl: file.fileUrl });
    expect(videos[0]!.questionBank.length).toBeGreaterThan(0);
  });
});

describe('videoRepository.videosByConcept', () => {
  it("lists the concept's videos in order", async () => {
    const topic = (await topics(dairy.modules[0]!._id)).topics.find((t) => t.name === 'Choosing your cattle')!;
    const concept = (await topicOf(topic._id)).concepts[0]!;
    const videos = await byConcept(concept._id);
    expect(videos.length).toBe(concept.videoCount);
    expect(videos.every((v) => v.conceptId === concept._id)).toBe(true);
    expect(await h.call('videoRepository', 'videosByConcept', { conceptId: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.video', () => {
  it('returns one video; a folder id is not a video', async () => {
    const topic = (await topics(dairy.modules[0]!._id)).topics[0]!;
    const [first] = await byTopic(topic._id);
    expect(expectOk(await h.call<Video>('videoRepository', 'video', { id: first!._id }))).toEqual(first);
    expect(await h.call('videoRepository', 'video', { id: topic._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.addVideo', () => {
  it("adds a library video to the topic's last concept; a video and a title are required; refuses a topic of another module", async () => {
    const moduleId = dairy.modules[0]!._id;
    const topic = (await topics(moduleId)).topics.find((t) => t.name === 'Shed and water')!;
    const detail = await topicOf(topic._id);
    const input = { title: 'Shed walkthrough', videoId: library[2]!._id, moduleId, topicId: topic._id, courseId: dairy._id };
    expect(expectOk(await h.call('videoRepository', 'addVideo', input))).toEqual({ message: 'Video has been Added' });
    const added = (await byTopic(topic._id)).at(-1)!;
    expect(added).toMatchObject({ title: 'Shed walkthrough', videoId: library[2]!._id, conceptId: detail.concepts.at(-1)!._id });
    expect(await h.call('videoRepository', 'addVideo', { ...input, title: '' })).toMatchObject({ ok: false, error: { message: COURSE_MSG.fillMandatory } });
    expect(await h.call('videoRepository', 'addVideo', { ...input, videoId: '' })).toMatchObject({ ok: false, error: { message: COURSE_MSG.fillMandatory } });
    const count = (await byTopic(topic._id)).length;
    expect(await h.call('videoRepository', 'addVideo', { ...input, moduleId: dairy.modules[1]!._id })).toMatchObject({ ok: false, error: { status: 400 } });
    expect((await byTopic(topic._id)).length).toBe(count);
  });

  it('puts the video in the topic itself when the topic has no concepts', async () => {
    const moduleId = dairy.modules[1]!._id;
    expectOk(await h.call('videoRepository', 'addTopic', { name: 'No concepts yet', moduleId }));
    const topic = (await topics(moduleId)).topics.find((t) => t.name === 'No concepts yet')!;
    expectOk(await h.call('videoRepository', 'addVideo', { title: 'Direct', videoId: library[0]!._id, moduleId, topicId: topic._id, courseId: dairy._id }));
    expect(await byTopic(topic._id)).toMatchObject([{ title: 'Direct', conceptId: topic._id, topicId: topic._id }]);
  });
});

describe('videoRepository.videoSequence', () => {
  it("saves a concept's new video order in one call; refuses a video of another concept", async () => {
    const topic = (await topics(dairy.modules[0]!._id)).topics.find((t) => t.name === 'Shed and water')!;
    const concept = (await topicOf(topic._id)).concepts.at(-1)!;
    const before = (await byConcept(concept._id)).map((v) => v._id);
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse();
    expectOk(await h.call('videoRepository', 'videoSequence', { conceptId: concept._id, videos: reversed }));
    expect((await byConcept(concept._id)).map((v) => v._id)).toEqual(reversed);
    const stranger = (await byTopic((await topics(dairy.modules[0]!._id)).topics[0]!._id))[0]!._id;
    expect(await h.call('videoRepository', 'videoSequence', { conceptId: concept._id, videos: [stranger, ...reversed] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect((await byConcept(concept._id)).map((v) => v._id)).toEqual(reversed);
  });
});

describe('videoRepository.videoQuestions', () => {
  it("replaces a video's questions (add one, delete one)", async () => {
    const [video] = await byTopic((await topics(dairy.modules[0]!._id)).topics[0]!._id);
    const questions = [...video!.questionBank, 'q-extra'];
    expect(expectOk(await h.call('videoRepository', 'videoQuestions', { videoId: video!._id, questionBank: questions }))).toEqual({ message: 'Questions have been Updated' });
    expect(expectOk(await h.call<Video>('videoRepository', 'video', { id: video!._id })).questionBank).toEqual(questions);
    expectOk(await h.call('videoRepository', 'videoQuestions', { videoId: video!._id, questionBank: questions.slice(1) }));
    expect(expectOk(await h.call<Video>('videoRepository', 'video', { id: video!._id })).questionBank).toEqual(questions.slice(1));
    expect(await h.call('videoRepository', 'videoQuestions', { videoId: 'nope', questionBank: [] })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
