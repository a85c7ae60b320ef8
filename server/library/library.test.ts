import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { parseRange } from '../media';
import { DRIVERS, multipart, startTestServer, type TestServer } from '../testing';

describe.each(DRIVERS)('library uploads ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  let dataDir: string;
  let refs: { idea: string; keyword: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cc-lib-srv-'));
    s = await startTestServer(driver, { dataDir, seedDemo: true, uploadLimitBytes: 1024 * 1024 });
    token = await s.login();
    const ideas = await s.call('GET', '/api/v1/bussinessIdeas/all-detailed');
    const keywords = await s.call('GET', '/library/synonyms/keywords');
    refs = { idea: (ideas.body.bussinessIdeas as { _id: string }[])[0]!._id, keyword: (keywords.body.keywords as { _id: string }[])[0]!._id };
  });
  afterAll(async () => {
    await s?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const fields = (over: Record<string, string> = {}) => ({
    title: 'Upload', description: 'Server test', language: 'English', visibility: 'Public', status: 'live', level: '3',
    type: 'Interview', businessIdeas: JSON.stringify([refs.idea]), category: '[]', keywords: JSON.stringify([refs.keyword]),
    source: '', fileType: 'other', fileUrl: '', duration: '0', ...over,
  });
  const post = async (body: Buffer, contentType: string) => {
    const response = await fetch(`${s.url}/library/media`, { method: 'POST', headers: { authorization: token, 'content-type': contentType }, body: new Uint8Array(body) });
    return { status: response.status, body: (await response.json()) as { error: boolean; errorMessage?: string } };
  };
  const mediaFiles = async () => (await readdir(join(dataDir, 'media'))).sort();
  const count = async () => ((await s.call('GET', '/library/media/list', { token })).body.files as unknown[]).length;

  it('stores a good upload and serves it with Range', async () => {
    const data = Buffer.alloc(5000, 7);
    const { body, contentType } = multipart(fields({ title: 'Good' }), [{ field: 'file', name: 'notes.pdf', type: 'application/pdf', data }]);
    expect((await post(body, contentType)).status).toBe(200);
    const files = (await s.call('GET', '/library/media/list', { token })).body.files as { title: string; previewUrl: string; fileUrl: string }[];
    const good = files.find((f) => f.title === 'Good')!;
    const whole = await fetch(good.previewUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    const tail = await fetch(good.previewUrl, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 4990-4999/5000');
    const open = await fetch(good.previewUrl, { headers: { range: 'bytes=4000-' } });
    expect(open.headers.get('content-range')).toBe('bytes 4000-4999/5000');
    expect((await open.arrayBuffer()).byteLength).toBe(1000);
    expect((await fetch(good.previewUrl, { headers: { range: 'bytes=6000-7000' } })).status).toBe(416);
    // Without a signature: only with the token.
    expect((await fetch(good.fileUrl)).status).toBe(401);
    expect((await fetch(good.fileUrl, { headers: { authorization: token } })).status).toBe(200);
    expect((await fetch(good.previewUrl.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(401);
    s.clock.advance(3 * 60 * 60 * 1000);
    expect((await fetch(good.previewUrl)).status).toBe(401);
  });

  it.each([
    ['no file for an upload type', () => fields(), [], MSG.enterFile],
    ['a number field that is not a number', () => fields({ level: 'three' }), [{ field: 'file', name: 'a.pdf', data: Buffer.from('x') }], undefined],
    ['an over-long title', () => fields({ title: 'x'.repeat(101) }), [{ field: 'file', name: 'a.pdf', data: Buffer.from('x') }], 'The name is at most 100 characters.'],
    ['a path in the file name', () => fields(), [{ field: 'file', name: '../../etc/passwd', data: Buffer.from('x') }], undefined],
    ['a Windows path in the file name', () => fields(), [{ field: 'file', name: 'C:\\\\temp\\\\a.pdf', data: Buffer.from('x') }], undefined],
    ['an unexpected file field', () => fields(), [{ field: 'other', name: 'a.pdf', data: Buffer.from('x') }], undefined],
    ['a thumbnail that is not an image', () => fields(), [{ field: 'file', name: 'a.pdf', data: Buffer.from('x') }, { field: 'thumbnail', name: 't.pdf', data: Buffer.from('x') }], undefined],
  ])('refuses %s with 400 and leaves nothing behind', async (_label, body, files, message) => {
    const before = { rows: await count(), files: await mediaFiles() };
    const { body: raw, contentType } = multipart(body(), files as { field: string; name: string; data: Buffer }[]);
    const answer = await post(raw, contentType);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(true);
    if (message) expect(answer.body.errorMessage).toBe(message);
    expect(await count()).toBe(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('refuses a file over the size limit with 413 and leaves nothing behind', async () => {
    const before = { rows: await count(), files: await mediaFiles() };
    const { body, contentType } = multipart(fields(), [{ field: 'file', name: 'big.bin', data: Buffer.alloc(2 * 1024 * 1024) }]);
    expect((await post(body, contentType)).status).toBe(413);
    expect(await count()).toBe(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
  });

  it('a repeated client key creates nothing and answers the first record', async () => {
    const before = { rows: await count(), files: await mediaFiles() };
    const key = 'bulk-key-0123456789';
    const send = (title: string) => {
      const { body, contentType } = multipart(fields({ title, clientKey: key }), [{ field: 'file', name: 'k.pdf', data: Buffer.alloc(300, 1) }]);
      return post(body, contentType);
    };
    const first = await send('Keyed');
    expect(first.status).toBe(200);
    const created = first.body as unknown as { _id: string; fileId: number; message: string };
    expect(created._id).toEqual(expect.any(String));
    expect(created.fileId).toEqual(expect.any(Number));
    // The answer was lost; the client sends the same file again (even a changed title creates nothing).
    const again = await send('Keyed again');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ error: false, message: created.message, _id: created._id, fileId: created.fileId });
    expect(await count()).toBe(before.rows + 1);
    // One stored file: the second request's file was discarded.
    expect((await mediaFiles()).length).toBe(before.files.length + 1);
    const files = (await s.call('GET', '/library/media/list', { token })).body.files as { _id: string; title: string; clientKey?: string }[];
    expect(files.find((f) => f._id === created._id)).toMatchObject({ title: 'Keyed', clientKey: key });
    // Files made without a key carry none, and any number of them may exist.
    expect(files.filter((f) => f._id !== created._id).every((f) => f.clientKey === undefined)).toBe(true);
  });

  it('refuses a malformed client key with 400', async () => {
    const before = await count();
    for (const clientKey of ['short', 'has space in it', 'x'.repeat(65)]) {
      const { body, contentType } = multipart(fields({ clientKey }), [{ field: 'file', name: 'a.pdf', data: Buffer.from('x') }]);
      const answer = await post(body, contentType);
      expect(answer.status).toBe(400);
      expect(answer.body.errorMessage).toBe('The client key must be 8 to 64 letters, digits, - or _.');
    }
    expect(await count()).toBe(before);
  });

  it('refuses JSON on a multipart call (415), and multipart without a token (401)', async () => {
    expect((await s.call('POST', '/library/media', { token, body: { title: 'x' } })).status).toBe(415);
    const { body, contentType } = multipart(fields(), []);
    const response = await fetch(`${s.url}/library/media`, { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(response.status).toBe(401);
  });
});

describe('parseRange', () => {
  it('reads single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange(undefined, 100)).toBeUndefined();
  });
});
