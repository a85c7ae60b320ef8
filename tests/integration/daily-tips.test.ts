import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MSG, ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import type { Keyword } from '../../src/shared/schemas/library';
import { tipRowsOf, tipsOf, type DailyTip, type QuoteListItem } from '../../src/shared/schemas/quotes';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
let groups: string[];
let ideas: string[];
beforeAll(async () => {
  h = await startHarness();
  await h.login();
  groups = expectOk(await h.call<Keyword[]>('library', 'keywords')).map((k) => k._id);
  ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all')).map((i) => i._id);
});
afterAll(() => h.close());

const tips = async () => tipsOf(expectOk(await h.call<QuoteListItem[]>('library', 'quotes')));
const draft = (over: Record<string, unknown> = {}) => ({
  keywords: [groups[0]],
  businessIdeas: [ideas[0], ideas[1]],
  quotes: [
    { language: 'English', text: 'Greet every customer by name.' },
    { language: 'Malayalam', text: 'ഓരോ ഉപഭോക്താവിനെയും പേര് ചൊല്ലി അഭിവാദ്യം ചെയ്യുക.' },
  ],
  backgroundImage: '',
  ...over,
});

describe('library.addTip', () => {
  it('adds a tip with several language rows (a structured body on POST /quotes), shown as one table row per language', async () => {
    expect(expectOk(await h.call('library', 'addTip', draft()))).toEqual({ message: ENGAGEMENT_TEXT.tipAdded });
    const [tip] = await tips();
    expect(tip).toMatchObject({ keywords: [groups[0]], businessIdeas: [ideas[0], ideas[1]], backgroundImage: '' });
    expect(tip!.quotes.map((q) => q.language)).toEqual(['English', 'Malayalam']);
    const rows = tipRowsOf([tip!]);
    expect(rows.map((r) => [r.id, r.language])).toEqual([[tip!.id, 'English'], [tip!.id, 'Malayalam']]);
  });

  it("refuses what the spec forbids: no groups, no business ideas, a row without text, the same language twice", async () => {
    const before = await tips();
    expect(await h.call('library', 'addTip', draft({ keywords: [] }))).toMatchObject({ ok: false, error: { kind: 'validation', message: ENGAGEMENT_MSG.addGroups } });
    expect(await h.call('library', 'addTip', draft({ businessIdeas: [] }))).toMatchObject({ ok: false, error: { message: ENGAGEMENT_MSG.addBusinessIdeas } });
    expect(await h.call('library', 'addTip', draft({ quotes: [{ language: 'Hindi', text: ' ' }] }))).toMatchObject({ ok: false, error: { message: ENGAGEMENT_TEXT.enterTip } });
    expect(await h.call('library', 'addTip', draft({ quotes: [] }))).toMatchObject({ ok: false, error: { message: ENGAGEMENT_TEXT.addTipRow } });
    const twice = draft({ quotes: [{ language: 'Hindi', text: 'a' }, { language: 'Hindi', text: 'b' }] });
    expect(await h.call('library', 'addTip', twice)).toMatchObject({ ok: false, error: { message: ENGAGEMENT_TEXT.languageOnce } });
    expect(await h.call('library', 'addTip', draft({ backgroundImage: 'not a url' }))).toMatchObject({ ok: false, error: { message: ENGAGEMENT_TEXT.imageUrl } });
    expect(await tips()).toEqual(before);
  });
});

describe('library.updateTip', () => {
  it('edits one row and the tip\'s groups, ideas and background image; a language another row has is refused', async () => {
    expectOk(await h.call('library', 'addTip', draft({ quotes: [{ language: 'Hindi', text: 'पहला' }, { language: 'Odia', text: 'ପ୍ରଥମ' }] })));
    const [tip] = await tips();
    const hindi = tip!.quotes.find((q) => q.language === 'Hindi')!;
    const edit = { id: tip!._id, quoteId: hindi._id, keywords: [groups[1]], language: 'Hindi', text: 'ग्राहक को नाम से बुलाएँ।', businessIdeas: [ideas[2]], backgroundImage: 'https://media.example.com/tips/new.jpg' };
    expect(expectOk(await h.call('library', 'updateTip', edit))).toEqual({ message: ENGAGEMENT_TEXT.tipUpdated });
    const edited = (await tips()).find((t) => t._id === tip!._id) as DailyTip;
    expect(edited).toMatchObject({ keywords: [groups[1]], businessIdeas: [ideas[2]], backgroundImage: 'https://media.example.com/tips/new.jpg' });
    // The edited row changes, with its own last change; the other row stays as it was.
    expect(edited.quotes).toEqual([{ _id: hindi._id, language: 'Hindi', text: 'ग्राहक को नाम से बुलाएँ।', metaInfo: expect.anything() }, tip!.quotes[1]]);
    expect(edited.quotes[0]!.metaInfo!.updated.at > (hindi.metaInfo?.updated.at ?? '')).toBe(true);
    expect(await h.call('library', 'updateTip', { ...edit, language: 'Odia' })).toMatchObject({ ok: false, error: { kind: 'http', status: 400, message: ENGAGEMENT_TEXT.languageOnce } });
    expect(await h.call('library', 'updateTip', { ...edit, quoteId: 'nope' })).toMatchObject({ ok: false, error: { status: 404, message: ENGAGEMENT_TEXT.tipNotFound } });
    expect((await tips()).find((t) => t._id === tip!._id)).toEqual(edited);
  });
});

describe('library.deleteTip', () => {
  it('deletes one language row; the tip goes with its last row', async () => {
    expectOk(await h.call('library', 'addTip', draft({ quotes: [{ language: 'Assamese', text: 'এক' }, { language: 'Kannada', text: 'ಒಂದು' }] })));
    const [tip] = await tips();
    const [first, second] = tip!.quotes;
    expect(expectOk(await h.call('library', 'deleteTip', { id: tip!._id, quoteId: first!._id }))).toEqual({ message: ENGAGEMENT_TEXT.tipDeleted });
    expect((await tips()).find((t) => t._id === tip!._id)!.quotes).toEqual([second]);
    expectOk(await h.call('library', 'deleteTip', { id: tip!._id, quoteId: second!._id }));
    expect((await tips()).some((t) => t._id === tip!._id)).toBe(false);
    expect(await h.call('library', 'deleteTip', { id: tip!._id, quoteId: second!._id })).toMatchObject({ ok: false, error: { status: 404 } });
  });
});
