import { describe, expect, it } from 'vitest';
import { bestOf, mergeFound, rankOf, type Found } from './find';
import { KeptList, LISTS } from './lists';

describe('rankOf', () => {
  it('ranks the whole title, then its start, then a word start, then inside a word, then another field', () => {
    expect(rankOf('Shopkeeper', 'shopkeeper')).toBe(0);
    expect(rankOf('Shopkeeper basics', 'shop')).toBe(1);
    expect(rankOf('Being a shopkeeper', 'shop')).toBe(2);
    expect(rankOf('Workshop', 'shop')).toBe(3);
    expect(rankOf('Pricing', 'shop')).toBe(4);
  });
});

const found = (over: Partial<Found>): Found => ({ list: 'questions', screen: 'Question Bank', id: 'x', title: 't', detail: '', key: '', rank: 1, recent: false, ...over });

describe('mergeFound', () => {
  it('puts recent records first (newest chosen first), then by rank and a shorter title', () => {
    const a = found({ id: 'a', rank: 0, title: 'Shop' });
    const b = found({ id: 'b', rank: 2, title: 'A shop' });
    const c = found({ list: 'learners', screen: 'Users', id: 'c', rank: 4, title: '9820012345' });
    const d = found({ id: 'd', rank: 1, title: 'Shopkeeping for all' });
    const e = found({ id: 'e', rank: 1, title: 'Shops' });
    const merged = mergeFound([[a, b, d, e], [c]], ['learners:c', 'questions:b']);
    expect(merged.map((f) => f.id)).toEqual(['c', 'b', 'a', 'e', 'd']);
    expect(merged.map((f) => f.recent)).toEqual([true, true, false, false, false]);
  });
});

describe('bestOf', () => {
  it('keeps the best few by rank, leaving out the rows ranked elsewhere', () => {
    const titles = ['Workshop', 'Shop', 'Pricing', 'A shop', 'Shopping', 'Shop'];
    const best = bestOf([0, 1, 2, 3, 4, 5], (i) => titles[i]!, 'shop', 2, (i) => i === 1);
    expect(best.map((b) => b.index)).toEqual([5, 4]);
  });
});

describe('KeptList.find', () => {
  const learner = (id: string, mobile: string) => ({
    _id: id,
    userInfo: { mobileNumber: mobile, loginTime: '2026-01-01T10:00:00.000Z', preferredLanguage: 'Hindi', token: `token-${id}` },
    currentProgress: { progress: 10 },
  });
  it("finds a learner by part of the mobile, with the screen it opens in, and never the learner's token", () => {
    const list = KeptList.of(LISTS.learners as never, [learner('l1', '9820012345'), learner('l2', '9000098200'), learner('l3', '7000000000')]);
    const hits = list.find('98200', new Set());
    expect(hits.map((h) => [h.id, h.title, h.rank, h.screen, h.key])).toEqual([
      ['l1', '9820012345', 1, 'Users', '9820012345'],
      ['l2', '9000098200', 3, 'Users', '9000098200'],
    ]);
    expect(JSON.stringify(hits)).not.toContain('token-');
    // One character finds only the recent records.
    expect(list.find('9', new Set()).map((h) => h.id)).toEqual([]);
    expect(list.find('9', new Set(['l2'])).map((h) => h.id)).toEqual(['l2']);
    // Typing on narrows the earlier results.
    expect(list.find('982001', new Set()).map((h) => h.id)).toEqual(['l1']);
    // A recent record that matches comes once.
    expect(list.find('98200', new Set(['l2'])).map((h) => h.id)).toEqual(['l2', 'l1']);
    // Without text: only the recent ones.
    expect(list.find('', new Set(['l3'])).map((h) => h.id)).toEqual(['l3']);
  });
});
