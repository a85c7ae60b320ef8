import { readdir } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import { DRIVERS, multipart, startTestServer, type TestServer } from '../testing';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082', 'hex');

/** What the server itself refuses on /library/quotes (main validates first, so these are sent by hand). */
describe.each(DRIVERS)('quotes and tips on the server ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  let dataDir: string;
  let group: string;
  let idea: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cc-quotes-srv-'));
    s = await startTestServer(driver, { dataDir, seedDemo: true });
    token = await s.login();
    group = ((await s.call('GET', '/library/synonyms/keywords')).body.keywords as { _id: string }[])[0]!._id;
    idea = ((await s.call('GET', '/api/v1/bussinessIdeas/all-detailed')).body.bussinessIdeas as { _id: string }[])[0]!._id;
  });
  afterAll(async () => {
    await s?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = async () => (await s.call('GET', '/library/quotes', { token })).body.quotes as { _id: string; quotes?: { _id: string; language: string }[] }[];
  const stored = async () => (await readdir(join(dataDir, 'media'))).sort();
  const postQuote = async (fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
    const { body, contentType } = multipart(fields, files);
    const response = await fetch(`${s.url}/library/quotes`, { method: 'POST', headers: { authorization: token, 'content-type': contentType }, body: new Uint8Array(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('POST /quotes: multipart is a quote, JSON is a tip', async () => {
    const before = (await list()).length;
    expect(await postQuote({ title: 'Dream big', language: 'English', keywords: JSON.stringify([group]) }, [{ field: 'thumbnail', name: 'q.png', type: 'image/png', data: PNG }])).toEqual({
      status: 200, body: { error: false, message: ENGAGEMENT_TEXT.quoteAdded },
    });
    const tip = { keywords: [group], businessIdeas: [idea], quotes: [{ language: 'Hindi', text: 'रोज़ हिसाब लिखें।' }] };
    expect(await s.call('POST', '/library/quotes', { token, body: tip })).toEqual({ status: 200, body: { error: false, message: ENGAGEMENT_TEXT.tipAdded } });
    expect((await list()).length).toBe(before + 2);
  });

  it('numbers quotes and tips each on their own, one after the other; editing one language of a tip moves only its Updated On', async () => {
    type Meta = { updated: { at: string } };
    type Item = { _id: string; id: number; quotes?: { _id: string; language: string; metaInfo: Meta }[] };
    const items = async () => (await s.call('GET', '/library/quotes', { token })).body.quotes as Item[];
    const ids = (all: Item[], tips: boolean) => all.filter((i) => !!i.quotes === tips).map((i) => i.id);
    const before = await items();
    await postQuote({ title: 'Numbered on its own', language: 'English', keywords: JSON.stringify([group]) });
    const tip = { keywords: [group], businessIdeas: [idea], quotes: [{ language: 'English', text: 'Count the stock.' }, { language: 'Hindi', text: 'स्टॉक गिनें।' }] };
    expect((await s.call('POST', '/library/quotes', { token, body: tip })).status).toBe(200);
    const after = await items();
    expect(Math.max(...ids(after, false))).toBe(Math.max(0, ...ids(before, false)) + 1);
    expect(Math.max(...ids(after, true))).toBe(Math.max(0, ...ids(before, true)) + 1);
    // Each list runs 1, 2, 3 ... without the other's numbers in between.
    for (const tips of [false, true]) expect(ids(after, tips).sort((a, b) => a - b)).toEqual(ids(after, tips).map((_, i) => i + 1));

    const added = after.find((i) => i.quotes && i.id === Math.max(...ids(after, true)))!;
    const [english, hindi] = added.quotes!;
    s.clock.advance(60_000);
    const edit = { keywords: [group], businessIdeas: [idea], language: 'English', text: 'Count the stock every week.' };
    expect((await s.call('PUT', `/library/quotes/${added._id}/${english!._id}`, { token, body: edit })).status).toBe(200);
    const edited = (await items()).find((i) => i._id === added._id)!;
    expect(Date.parse(edited.quotes![0]!.metaInfo.updated.at)).toBeGreaterThan(Date.parse(english!.metaInfo.updated.at));
    expect(edited.quotes![1]!.metaInfo.updated.at).toBe(hindi!.metaInfo.updated.at);
  });

  it('refuses each broken rule with a 400 and keeps no row and no file', async () => {
    const before = await list();
    const files = await stored();
    const fields = { title: 'A quote', language: 'Hindi', keywords: JSON.stringify([group]) };
    const image = [{ field: 'thumbnail', name: 'q.png', type: 'image/png', data: PNG }];
    const quoteCases: [Record<string, string>, Parameters<typeof multipart>[1], string][] = [
      [{ language: 'Hindi', keywords: fields.keywords }, image, ENGAGEMENT_MSG.enterQuote],
      [{ title: 'x', keywords: fields.keywords }, image, ENGAGEMENT_MSG.selectLanguage],
      [{ ...fields, language: 'Klingon' }, image, ENGAGEMENT_MSG.selectLanguage],
      [{ title: 'x', language: 'Hindi' }, image, ENGAGEMENT_MSG.addGroups],
      [{ ...fields, keywords: '[]' }, image, ENGAGEMENT_MSG.addGroups],
      [fields, [{ field: 'thumbnail', name: 'q.txt', type: 'text/plain', data: Buffer.from('text') }], ENGAGEMENT_TEXT.imageNotImage],
      // A page sent as a png: the name and the declared type lie, the content's signature does not.
      [fields, [{ field: 'thumbnail', name: 'q.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') }], ENGAGEMENT_TEXT.imageNotImage],
      [fields, [{ field: 'thumbnail', name: 'q.jpg', type: 'image/jpeg', data: PNG }], ENGAGEMENT_TEXT.imageNotImage],
      [{ ...fields, keywords: JSON.stringify(['no-such-group']) }, image, ENGAGEMENT_TEXT.unknownIds('groups')],
    ];
    for (const [f, parts, message] of quoteCases) {
      expect(await postQuote(f, parts), JSON.stringify(f)).toEqual({ status: 400, body: { error: true, errorMessage: message } });
    }
    const tip = { keywords: [group], businessIdeas: [idea], quotes: [{ language: 'Hindi', text: 'a' }] };
    const tipCases: [unknown, string][] = [
      [{ ...tip, keywords: undefined }, ENGAGEMENT_MSG.addGroups],
      [{ ...tip, businessIdeas: [] }, ENGAGEMENT_MSG.addBusinessIdeas],
      [{ ...tip, quotes: [] }, ENGAGEMENT_TEXT.addTipRow],
      [{ ...tip, quotes: [{ language: 'Hindi', text: 'a' }, { language: 'Hindi', text: 'b' }] }, ENGAGEMENT_TEXT.languageOnce],
      [{ ...tip, quotes: [{ language: 'Hindi' }] }, ENGAGEMENT_TEXT.enterTip],
      [{ ...tip, quotes: [{ text: 'a' }] }, ENGAGEMENT_MSG.selectLanguage],
      [{ ...tip, businessIdeas: ['no-such-idea'] }, ENGAGEMENT_TEXT.unknownIds('business ideas')],
    ];
    for (const [body, message] of tipCases) {
      expect(await s.call('POST', '/library/quotes', { token, body }), JSON.stringify(body)).toEqual({ status: 400, body: { error: true, errorMessage: message } });
    }
    const [withRows] = (await list()).filter((i) => i.quotes && i.quotes.length > 0);
    const row = withRows!.quotes![0]!;
    const edit = { keywords: [group], businessIdeas: [idea], language: row.language, text: 'x' };
    expect(await s.call('PUT', `/library/quotes/${withRows!._id}/${row._id}`, { token, body: { ...edit, text: '' } })).toEqual({ status: 400, body: { error: true, errorMessage: ENGAGEMENT_TEXT.enterTip } });
    expect(await list()).toEqual(before);
    expect(await stored()).toEqual(files);
  });

  it('serves stored images only by a signed address or with a session', async () => {
    const [name] = (await stored()).filter((n) => n.endsWith('.png'));
    expect((await fetch(`${s.url}/library/stored/${name}`)).status).toBe(401);
    expect((await fetch(`${s.url}/library/stored/${name}`, { headers: { authorization: token } })).status).toBe(200);
    expect((await fetch(`${s.url}/library/stored/${name}?exp=99999999999&sig=forged`)).status).toBe(401);
    expect((await fetch(`${s.url}/library/stored/..%2Fpg`, { headers: { authorization: token } })).status).toBe(404);
    expect((await fetch(`${s.url}/library/stored/missing.png`, { headers: { authorization: token } })).status).toBe(404);
  });
});
