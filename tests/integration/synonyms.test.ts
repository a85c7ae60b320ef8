import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import type { Keyword } from '../../src/shared/schemas/library';
import type { SynonymGroup } from '../../src/shared/schemas/synonyms';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(() => h.close());

const groups = async () => expectOk(await h.call<SynonymGroup[]>('library', 'synonyms'));

describe('library.synonyms', () => {
  it('lists the seeded groups with their synonyms in several scripts, newest change first', async () => {
    const list = await groups();
    expect(list.length).toBeGreaterThanOrEqual(10);
    const dairy = list.find((g) => g.keyword === 'dairy')!;
    expect(dairy.synonyms).toEqual(expect.arrayContaining(['milk', 'दूध', 'பால்']));
    expect(dairy.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const times = list.map((g) => g.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('library.addSynonyms', () => {
  it('adds a group (tags trimmed, repeats kept once); it shows in the list and among the keywords', async () => {
    const result = await h.call('library', 'addSynonyms', { keyword: ' irrigation ', synonyms: ['drip', ' Drip', 'sinchai', '', 'सिंचाई'] });
    expect(expectOk(result)).toEqual({ message: ENGAGEMENT_TEXT.groupAdded });
    const added = (await groups()).find((g) => g.keyword === 'irrigation')!;
    expect(added.synonyms).toEqual(['drip', 'sinchai', 'सिंचाई']);
    const keywords = expectOk(await h.call<Keyword[]>('library', 'keywords'));
    expect(keywords.map((k) => k.keyword)).toContain('irrigation');
  });

  it('refuses a group without a name or without a synonym, and a name that exists in another case', async () => {
    const before = await groups();
    expect(await h.call('library', 'addSynonyms', { keyword: ' ', synonyms: ['x'] })).toMatchObject({ ok: false, error: { kind: 'validation', message: ENGAGEMENT_TEXT.enterGroup } });
    expect(await h.call('library', 'addSynonyms', { keyword: 'fishery', synonyms: [' ', ''] })).toMatchObject({ ok: false, error: { message: ENGAGEMENT_TEXT.addSynonym } });
    expect(await h.call('library', 'addSynonyms', { keyword: 'DAIRY', synonyms: ['x'] })).toMatchObject({ ok: false, error: { kind: 'http', status: 409, message: ENGAGEMENT_TEXT.groupExists } });
    expect(await groups()).toEqual(before);
  });
});

describe('library.updateSynonyms', () => {
  it('renames a group and replaces its synonyms; the change moves it to the top', async () => {
    const target = (await groups()).find((g) => g.keyword === 'pricing')!;
    const result = await h.call('library', 'updateSynonyms', { id: target._id, keyword: 'Pricing', synonyms: ['margin', 'MRP', 'किंमत'] });
    expect(expectOk(result)).toEqual({ message: ENGAGEMENT_TEXT.groupUpdated });
    const [first] = await groups();
    expect(first).toMatchObject({ _id: target._id, keyword: 'Pricing', synonyms: ['margin', 'MRP', 'किंमत'] });
  });

  it('refuses a name another group has, and an unknown id', async () => {
    const [a, b] = await groups();
    expect(await h.call('library', 'updateSynonyms', { id: a!._id, keyword: b!.keyword.toUpperCase(), synonyms: ['x'] })).toMatchObject({
      ok: false, error: { status: 409, message: ENGAGEMENT_TEXT.groupExists },
    });
    expect(await h.call('library', 'updateSynonyms', { id: 'nope', keyword: 'new name', synonyms: ['x'] })).toMatchObject({
      ok: false, error: { status: 404, message: ENGAGEMENT_TEXT.groupNotFound },
    });
  });
});
