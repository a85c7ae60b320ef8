import { describe, expect, it } from 'vitest';
import { bestOf, mergeFound, rankOf, type Found } from './find';

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
