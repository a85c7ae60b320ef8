import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import type { Keyword } from '../../src/shared/schemas/library';
import { quotesOf, tipsOf, type QuoteListItem } from '../../src/shared/schemas/quotes';
import { expectOk, startHarness, type Harness, PNG_1PX } from './harness';

/** A 1x1 PNG. */
const PNG = Buffer.from(PNG_1PX, 'hex');

let h: Harness;
let work: string;
let keywords: Keyword[];
beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-quotes-'));
  keywords = expectOk(await h.call<Keyword[]>('library', 'keywords'));
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

const list = async () => expectOk(await h.call<QuoteListItem[]>('library', 'quotes'));
const grant = async (name: string, data: Buffer) => {
  const path = join(work, name);
  await writeFile(path, data);
  return expectOk(await h.grantFile(path));
};
const stored = async () => (await readdir(join(h.dataDir, 'media'))).filter((n) => !n.startsWith('.tmp-'));

describe('library.quotes', () => {
  it('lists quotes and tips in one collection, newest first, in several languages, with who added them', async () => {
    const items = await list();
    const quotes = quotesOf(items);
    const tips = tipsOf(items);
    expect(quotes.length).toBeGreaterThanOrEqual(5);
    expect(tips.length).toBeGreaterThanOrEqual(3);
    expect(new Set(quotes.map((q) => q.language)).size).toBeGreaterThanOrEqual(4);
    expect(quotes[0]!.metaInfo.created.by?.name).toBeTruthy();
    expect(quotes[0]!.thumbnail).toMatch(/^https:\/\//);
    const created = items.map((i) => i.metaInfo.created.at);
    expect([...created].sort().reverse()).toEqual(created);
    // Each kind numbered on its own (Quote ID, Tip ID): both start at 1, no number twice in a list.
    for (const list of [quotes, tips]) {
      const numbers = list.map((i) => i.id);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(Math.min(...numbers)).toBe(1);
    }
  });
});

describe('library.addQuote', () => {
  it('adds a quote with its image streamed from disk; the image is served from a signed address', async () => {
    const image = await grant('quote.png', PNG);
    const result = await h.call('library', 'addQuote', { title: 'Mehnat ka phal meetha hota hai.', language: 'Hindi', keywords: [keywords[0]!._id], thumbnail: { grantId: image.grantId } });
    expect(expectOk(result)).toEqual({ message: ENGAGEMENT_TEXT.quoteAdded });
    const [added] = quotesOf(await list());
    expect(added).toMatchObject({ title: 'Mehnat ka phal meetha hota hai.', language: 'Hindi', keywords: [keywords[0]!._id], metaInfo: { created: { by: { name: 'Sandbox Admin' } } } });
    expect(added!.thumbnail).toMatch(/\/library\/stored\/.+\.png\?exp=\d+&sig=/);
    const served = await fetch(added!.thumbnail);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Without the signature the address needs a session.
    expect((await fetch(added!.thumbnail.split('?')[0]!)).status).toBe(401);
  });

  it("refuses the spec's missing fields before any call, an image that is not one on the server, and keeps nothing", async () => {
    const before = await list();
    const files = await stored();
    expect(await h.call('library', 'addQuote', { title: ' ', language: 'Hindi', keywords: [keywords[0]!._id] })).toMatchObject({ ok: false, error: { kind: 'validation', message: ENGAGEMENT_MSG.enterQuote } });
    expect(await h.call('library', 'addQuote', { title: 'x', keywords: [keywords[0]!._id] })).toMatchObject({ ok: false, error: { message: ENGAGEMENT_MSG.selectLanguage } });
    expect(await h.call('library', 'addQuote', { title: 'x', language: 'Hindi', keywords: [] })).toMatchObject({ ok: false, error: { message: ENGAGEMENT_MSG.addGroups } });
    const text = await grant('not-an-image.txt', Buffer.from('hello'));
    expect(await h.call('library', 'addQuote', { title: 'x', language: 'Hindi', keywords: [keywords[0]!._id], thumbnail: { grantId: text.grantId } })).toMatchObject({
      ok: false, error: { kind: 'http', status: 400, message: ENGAGEMENT_TEXT.imageNotImage },
    });
    expect(await h.call('library', 'addQuote', { title: 'x', language: 'Hindi', keywords: ['no-such-group'] })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await list()).toEqual(before);
    expect(await stored()).toEqual(files);
  });
});

describe('library.deleteQuote', () => {
  it('deletes a quote and its stored image; a second delete is a 404', async () => {
    const image = await grant('gone.png', PNG);
    expectOk(await h.call('library', 'addQuote', { title: 'To be deleted', language: 'English', keywords: [keywords[1]!._id], thumbnail: { grantId: image.grantId } }));
    const quote = quotesOf(await list()).find((q) => q.title === 'To be deleted')!;
    const before = (await stored()).length;
    expect(expectOk(await h.call('library', 'deleteQuote', { id: quote._id }))).toEqual({ message: ENGAGEMENT_TEXT.quoteDeleted });
    expect((await stored()).length).toBe(before - 1);
    expect((await list()).some((i) => i._id === quote._id)).toBe(false);
    expect(await h.call('library', 'deleteQuote', { id: quote._id })).toMatchObject({ ok: false, error: { status: 404, message: ENGAGEMENT_TEXT.quoteNotFound } });
  });

  it('deletes a whole tip when given its id', async () => {
    const [tip] = tipsOf(await list());
    expect(expectOk(await h.call('library', 'deleteQuote', { id: tip!._id }))).toEqual({ message: ENGAGEMENT_TEXT.tipDeleted });
    expect(tipsOf(await list()).some((t) => t._id === tip!._id)).toBe(false);
  });
});
