/**
 * A course with one of each course-health problem the reference server can hold, made through
 * `window.api` (the integration tests pass an object of the same shape over the core's handlers).
 * Self-contained (no imports at run time): the end-to-end walks run it in the page with page.evaluate,
 * where `api` is the page's window.api.
 *
 *   Planning (module) > Basics (topic) > Start (concept):
 *     Welcome      good link, English transcript, a moment, a question, free to watch: no problem
 *     Draft talk   its library file is draft in a live course
 *     Broken link  its address answers 404
 *     Silent link  its address does not answer at all
 *     Lost video   its library file is deleted after it was linked
 *   Planning > Basics > Repeats (concept): two videos titled Same title
 *   Empty module (module): no videos
 */
export interface HealthSeedInput {
  name: string;
  thumbnailGrantId: string;
  /** An address that answers 200, one that answers 404, one where nothing listens. */
  okUrl: string;
  badUrl: string;
  deadUrl: string;
}

export interface HealthSeed {
  courseId: string;
  moduleId: string;
  emptyModuleId: string;
  topicId: string;
  conceptId: string;
  repeatsId: string;
  /** Document ids by title (Same title: the first). */
  docs: Record<string, string>;
  /** Library file ids by role. */
  files: { good: string; draft: string; bad: string; dead: string; gone: string };
  questionId: string;
  questionText: string;
}

type AnyResult = { ok: true; data: unknown } | { ok: false; error: { message: string } };
type AnyApi = Record<string, Record<string, (input?: unknown) => Promise<AnyResult>>>;

export async function seedHealthCourse(input: HealthSeedInput, api: unknown = (globalThis as unknown as { api: unknown }).api): Promise<HealthSeed> {
  const a = api as AnyApi;
  const must = async <T>(group: string, call: string, args?: unknown): Promise<T> => {
    const result = await a[group]![call]!(args ?? {});
    if (!result.ok) throw new Error(`${group}.${call}: ${result.error.message}`);
    return result.data as T;
  };
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ideas = await must<{ _id: string }[]>('businessIdeas', 'all');
  const keywords = await must<{ _id: string }[]>('library', 'keywords');
  const categories = await must<{ _id: string }[]>('library', 'categories');
  const questions = await must<{ _id: string; question: string; language: string }[]>('questionBank', 'questions');
  const question = questions.find((q) => q.language === 'English') ?? questions[0]!;

  const addFile = async (title: string, fileUrl: string, status: string): Promise<string> => {
    const created = await must<{ _id?: string }>('library', 'createMedia', {
      title: `${title} ${stamp}`, description: 'Made for the course health tests.', language: 'English', visibility: 'Public', status, level: 1,
      type: 'Interview', businessIdeas: [ideas[0]!._id], category: [categories[0]!._id], keywords: [keywords[0]!._id], source: 'tests',
      fileType: 'link', fileUrl, duration: 95,
    });
    if (created._id) return created._id;
    const all = await must<{ _id: string; title: string }[]>('library', 'mediaList');
    return all.find((f) => f.title === `${title} ${stamp}`)!._id;
  };
  const files = {
    good: await addFile('Good link', `${input.okUrl}?good-${stamp}`, 'live'),
    draft: await addFile('Draft link', `${input.okUrl}?draft-${stamp}`, 'draft'),
    bad: await addFile('Broken link', `${input.badUrl}?bad-${stamp}`, 'live'),
    dead: await addFile('Silent link', `${input.deadUrl}?dead-${stamp}`, 'live'),
    gone: await addFile('Lost link', `${input.okUrl}?gone-${stamp}`, 'live'),
  };
  await must('videoRepository', 'addTranscript', { videoId: files.good, timeStamp: '00:00:01', captionText: 'Welcome to the course.', language: 'English' });
  await must('library', 'addMoment', { fileId: files.good, timestamp: '00:00:05', description: 'Start', transcript: 'Welcome.' });

  await must('videoRepository', 'createCourse', {
    name: input.name, description: 'Seeded for the course health tests.', language: 'English', courseFee: 0, status: 'live',
    modulesSkippable: false, hasOnlyVideos: false, thumbnail: { grantId: input.thumbnailGrantId },
  });
  const courses = await must<{ _id: string; name: string }[]>('videoRepository', 'courses');
  const courseId = courses.find((c) => c.name === input.name)!._id;
  const children = async (id: string) => (await must<{ descendants: { _id: string; title: string }[] }>('videoRepository', 'document', { id })).descendants;
  const folder = async (title: string, parent: string): Promise<string> => {
    await must('videoRepository', 'createDocument', { type: 'folder', title, description: '', courseId, parent });
    return (await children(parent || courseId)).find((d) => d.title === title)!._id;
  };
  const video = (title: string, parent: string, fileId: string, freeToWatch = false) =>
    must('videoRepository', 'createDocument', { type: 'file', title, description: '', courseId, parent, fileId, freeToWatch });

  const moduleId = await folder('Planning', '');
  const emptyModuleId = await folder('Empty module', '');
  const topicId = await folder('Basics', moduleId);
  const conceptId = await folder('Start', topicId);
  const repeatsId = await folder('Repeats', topicId);
  await video('Welcome', conceptId, files.good, true);
  await video('Draft talk', conceptId, files.draft);
  await video('Broken link', conceptId, files.bad);
  await video('Silent link', conceptId, files.dead);
  await video('Lost video', conceptId, files.gone);
  await video('Same title', repeatsId, files.good);
  await video('Same title', repeatsId, files.good);
  const docs: Record<string, string> = {};
  for (const d of [...(await children(conceptId)), ...(await children(repeatsId))]) docs[d.title] ??= d._id;
  await must('videoRepository', 'videoQuestions', { videoId: docs['Welcome'], questionBank: [question._id] });
  await must('library', 'deleteMedia', { id: files.gone });
  return { courseId, moduleId, emptyModuleId, topicId, conceptId, repeatsId, docs, files, questionId: question._id, questionText: question.question };
}

/** The problems the seeded course has, as `kind title` (links checked or not). */
export function expectedHealth(links: boolean): string[] {
  return [
    'emptyFolder Empty module',
    'missingFile Lost video',
    'noQuestions Draft talk', 'noTranscript Draft talk', 'noMoments Draft talk', 'notLive Draft talk',
    'noQuestions Broken link', 'noTranscript Broken link', 'noMoments Broken link',
    'noQuestions Silent link', 'noTranscript Silent link', 'noMoments Silent link',
    'repeatedTitle Same title', 'noQuestions Same title', 'repeatedTitle Same title', 'noQuestions Same title',
    ...(links ? ['brokenLink Broken link', 'brokenLink Silent link'] : []),
  ].sort();
}
