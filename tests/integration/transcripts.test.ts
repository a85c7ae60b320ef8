import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCaptions } from '../../src/shared/captions';
import type { LibraryFile } from '../../src/shared/schemas/library';
import type { Transcript } from '../../src/shared/schemas/transcripts';
import { MSG } from '../../src/shared/messages';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let file: LibraryFile;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
  const files = expectOk(await h.call<LibraryFile[]>('library', 'mediaList'));
  file = files.find((f) => f.title === 'Pricing your tailoring work')!;
});
afterAll(async () => h.close());

type List = { transcripts: Transcript[]; languages: string[] };
const lines = async (videoId = file._id) => expectOk(await h.call<List>('videoRepository', 'transcripts', { videoId }));

describe('videoRepository.transcripts', () => {
  it('lists a video\'s lines by time and the languages that have lines', async () => {
    const list = await lines();
    expect(list.languages).toEqual(['English']);
    expect(list.transcripts.map((t) => t.timeStamp)).toEqual(['00:00:00', '00:01:00']);
    expect(await h.call('videoRepository', 'transcripts', { videoId: 'nope' })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});

describe('videoRepository.addTranscript', () => {
  it('adds a line in another language; the language is required', async () => {
    expectOk(await h.call('videoRepository', 'addTranscript', { videoId: file._id, timeStamp: '00:00:05', captionText: 'Swagat hai', language: 'Hindi' }));
    expect((await lines()).languages).toEqual(['English', 'Hindi']);
    expect(await h.call('videoRepository', 'addTranscript', { videoId: file._id, timeStamp: '00:00:05', captionText: 'x' })).toMatchObject({
      ok: false, error: { message: MSG.selectTranscriptLanguage },
    });
  });
});

describe('videoRepository.updateTranscript', () => {
  it('edits time and caption; refuses a language change with the spec text', async () => {
    const line = (await lines()).transcripts[0]!;
    expectOk(await h.call('videoRepository', 'updateTranscript', { id: line._id, timeStamp: '00:00:01', captionText: 'Welcome!' }));
    expect((await lines()).transcripts.find((t) => t._id === line._id)).toMatchObject({ timeStamp: '00:00:01', captionText: 'Welcome!' });
    expect(await h.call('videoRepository', 'updateTranscript', { id: line._id, timeStamp: '00:00:01', captionText: 'x', language: 'Tamil' })).toMatchObject({
      ok: false, error: { kind: 'http', status: 400, message: MSG.cannotEditTranscriptLanguage },
    });
    expectOk(await h.call('videoRepository', 'updateTranscript', { id: line._id, timeStamp: '00:00:01', captionText: 'Same language', language: 'English' }));
  });
});

describe('videoRepository.deleteTranscript', () => {
  it('deletes a line', async () => {
    const line = (await lines()).transcripts.at(-1)!;
    expectOk(await h.call('videoRepository', 'deleteTranscript', { id: line._id }));
    expect((await lines()).transcripts.some((t) => t._id === line._id)).toBe(false);
  });
});

describe('videoRepository.bulkTranscripts', () => {
  it('imports a .vtt all or nothing, replacing the language\'s lines when asked', async () => {
    const vtt = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:03.000\n<v Asha>Namaskar</v>\n\n00:01:05.500 --> 00:01:07.000\nSecond <b>cue</b>\n';
    const parsed = parseCaptions(vtt);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.cues).toEqual([{ timeStamp: '00:00:01', captionText: 'Asha: Namaskar' }, { timeStamp: '00:01:05', captionText: 'Second cue' }]);
    const result = expectOk(await h.call<{ count: number }>('videoRepository', 'bulkTranscripts', { videoId: file._id, language: 'Marathi', entries: parsed.cues }));
    expect(result.count).toBe(2);
    expectOk(await h.call('videoRepository', 'bulkTranscripts', { videoId: file._id, language: 'Marathi', replace: true, entries: parsed.cues.slice(0, 1) }));
    expect((await lines()).transcripts.filter((t) => t.language === 'Marathi')).toHaveLength(1);
    // One bad cue: nothing stored.
    const before = (await lines()).transcripts.length;
    const bad = await h.call('videoRepository', 'bulkTranscripts', { videoId: 'nope', language: 'Odia', entries: parsed.cues });
    expect(bad).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await h.call('videoRepository', 'bulkTranscripts', { videoId: file._id, language: 'Odia', entries: [...parsed.cues, { timeStamp: 'bad', captionText: 'x' }] })).toMatchObject({ ok: false });
    expect((await lines()).transcripts.length).toBe(before);
    const srt = parseCaptions('1\r\n00:00:02,000 --> 00:00:04,000\r\nHello there\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\nBye\r\n');
    expect(srt).toEqual({ ok: true, cues: [{ timeStamp: '00:00:02', captionText: 'Hello there' }, { timeStamp: '00:00:05', captionText: 'Bye' }] });
  });
});
