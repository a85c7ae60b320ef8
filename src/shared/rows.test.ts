import { describe, expect, it } from 'vitest';
import {
  compareKeys,
  countText,
  distinctValues,
  filterPredicate,
  narrowIndices,
  pageWindow,
  searchTextOf,
  selectIndices,
  sortIndices,
  sortKey,
  radixOrder,
  sortedOrder,
  type SortKey,
  toText,
} from './rows';

interface Row {
  name: string;
  count: number | null;
  tags: string[];
  at: string;
}
const rows: Row[] = [
  { name: 'Banana', count: 3, tags: ['fruit'], at: '2026-01-02T10:00:00Z' },
  { name: 'apple', count: null, tags: ['fruit', 'red'], at: '2025-12-31T10:00:00Z' },
  { name: 'Cherry', count: 10, tags: ['red'], at: '2026-03-01T10:00:00Z' },
  { name: 'date', count: 3, tags: [], at: '' },
];
const name = (r: Row) => r.name;
const count = (r: Row) => r.count;

describe('sort keys', () => {
  it('numbers stay numbers; text is compared case-blind; empty is ""', () => {
    expect(sortKey(7)).toBe(7);
    expect(sortKey('Hello')).toBe('hello');
    expect(sortKey(null)).toBe('');
    expect(sortKey(Number.NaN)).toBe('');
    expect(sortKey(true)).toBe(1);
    expect(sortKey(new Date(5))).toBe(5);
    expect(compareKeys(2, 10)).toBeLessThan(0);
    expect(compareKeys(1, 'a')).toBeLessThan(0);
    expect(compareKeys('b', 'a')).toBeGreaterThan(0);
  });

  it('toText joins arrays and drops objects', () => {
    expect(toText(['a', 1, true])).toBe('a 1 true');
    expect(toText({ a: 1 })).toBe('');
  });
});

describe('sortIndices', () => {
  it('sorts text case-blind in both directions', () => {
    expect(sortIndices(rows, name, false).map((i) => rows[i]!.name)).toEqual(['apple', 'Banana', 'Cherry', 'date']);
    expect(sortIndices(rows, name, true).map((i) => rows[i]!.name)).toEqual(['date', 'Cherry', 'Banana', 'apple']);
  });

  it('puts empty values last in both directions and keeps ties in list order', () => {
    expect(sortIndices(rows, count, false)).toEqual([0, 3, 2, 1]);
    expect(sortIndices(rows, count, true)).toEqual([2, 0, 3, 1]);
  });

  it('ISO dates sort as text in time order', () => {
    expect(sortIndices(rows, (r) => r.at, false)).toEqual([1, 0, 2, 3]);
  });
});

describe('filters and search', () => {
  it('a select filter matches exactly, or any element of an array', () => {
    const p = filterPredicate<Row>({ get: (r) => r.tags, kind: 'select', value: 'red' });
    expect(rows.map((r, i) => p(r, i))).toEqual([false, true, true, false]);
    const q = filterPredicate<Row>({ get: name, kind: 'select', value: 'apple' });
    expect(rows.map((r, i) => q(r, i))).toEqual([false, true, false, false]);
  });

  it('a text filter matches a part, case-blind', () => {
    const p = filterPredicate<Row>({ get: name, kind: 'text', value: 'AN' });
    expect(rows.map((r, i) => p(r, i))).toEqual([true, false, false, false]);
  });

  it('selectIndices applies search and filters over the sorted order', () => {
    const text = searchTextOf<Row>([(r) => r.name, (r) => r.tags.join(' ')]);
    const texts = rows.map(text);
    expect(texts[1]).toBe('apple\u0000fruit red');
    const order = sortIndices(rows, name, true);
    expect(selectIndices({ rows, order, texts, needle: 'r', filters: [] })).toEqual([2, 0, 1]);
    expect(
      selectIndices({ rows, order, texts, needle: 'r', filters: [{ get: (r) => r.tags, kind: 'select', value: 'red' }] }),
    ).toEqual([2, 1]);
    // A needle never spans two fields.
    expect(selectIndices({ rows, order: null, texts, needle: 'efr', filters: [] })).toEqual([]);
  });

  it('without search or filters the order is returned as it is (null for the list order)', () => {
    expect(selectIndices({ rows, order: null, texts: null, needle: '', filters: [] })).toBeNull();
    expect(selectIndices({ rows, order: [3, 2, 1, 0], texts: null, needle: '', filters: [] })).toEqual([3, 2, 1, 0]);
  });

  it('narrowing a previous result gives what a full pass gives', () => {
    const texts = rows.map(searchTextOf<Row>([(r) => r.name]));
    const first = selectIndices({ rows, order: null, texts, needle: 'a', filters: [] })!;
    expect(first).toEqual([0, 1, 3]);
    expect(narrowIndices(first, texts, 'ap')).toEqual(selectIndices({ rows, order: null, texts, needle: 'ap', filters: [] }));
  });

  it('distinct values are non-empty, spread from arrays and sorted naturally', () => {
    expect(distinctValues(rows, (r) => r.tags)).toEqual(['fruit', 'red']);
    expect(distinctValues([{ v: 'Level 10' }, { v: 'Level 2' }, { v: '' }], (r) => r.v)).toEqual(['Level 2', 'Level 10']);
  });
});

describe('pages', () => {
  it('cuts the selection into pages and clamps the index', () => {
    expect(pageWindow(45, 0, 20)).toEqual({ pageCount: 3, pageIndex: 0, start: 0, length: 20 });
    expect(pageWindow(45, 2, 20)).toEqual({ pageCount: 3, pageIndex: 2, start: 40, length: 5 });
    expect(pageWindow(45, 9, 20)).toEqual({ pageCount: 3, pageIndex: 2, start: 40, length: 5 });
    expect(pageWindow(0, 0, 20)).toEqual({ pageCount: 1, pageIndex: 0, start: 0, length: 0 });
    expect(pageWindow(45, 1, 20, false)).toEqual({ pageCount: 1, pageIndex: 0, start: 0, length: 45 });
  });

  it('says which rows show of how many', () => {
    expect(countText({ start: 20, length: 20 }, 45, 45)).toBe('21–40 of 45 records');
    expect(countText({ start: 0, length: 2 }, 2, 45)).toBe('1–2 of 2 (filtered from 45) records');
    expect(countText({ start: 0, length: 0 }, 0, 45)).toBe('0 of 45 records');
  });

  it('counts one record in the singular', () => {
    expect(countText({ start: 0, length: 1 }, 1, 1)).toBe('1–1 of 1 record');
    expect(countText({ start: 0, length: 0 }, 0, 1)).toBe('0 of 1 record');
  });
});

describe('radixOrder (positions stably ordered by whole-number keys)', () => {
  it('orders as a stable comparator sort does, for keys of any width up to 52 bits', () => {
    let seed = 5;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (const bits of [1, 8, 16, 17, 27, 30, 32, 33, 45, 52]) {
      // Few distinct values (ties) and many.
      for (const distinct of [3, 2 ** Math.min(bits, 20)]) {
        const values = Array.from({ length: distinct }, () => Math.floor(random() * 2 ** bits));
        const keys = Float64Array.from({ length: 5000 }, () => values[Math.floor(random() * distinct)]!);
        const expected = Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]! || a - b);
        expect(Array.from(radixOrder(keys, bits)), `${bits} bits, ${distinct} values`).toEqual(expected);
      }
    }
  });
});

describe('sortedOrder (ranks and one native sort)', () => {
  /** The plain comparator sort it replaces: the reference. */
  const reference = (keys: SortKey[], desc: boolean): number[] =>
    keys
      .map((_, i) => i)
      .sort((a, b) => {
        const x = keys[a] as SortKey;
        const y = keys[b] as SortKey;
        if (x === '' || y === '') return x === y ? a - b : x === '' ? 1 : -1;
        return compareKeys(x, y) * (desc ? -1 : 1) || a - b;
      });
  // A small seeded generator, so a failure can be replayed.
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  const cases: [string, (next: () => number) => SortKey][] = [
    ['mobiles sharing a prefix', (next) => `+91 98${String(Math.floor(next() * 1e8)).padStart(8, '0')}`],
    ['dates of one year, some equal', (next) => `2026-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-0${1 + Math.floor(next() * 3)}T10:0${Math.floor(next() * 2)}:00.000Z`],
    ['long texts equal over their first characters', (next) => `same long start of a title ${'abc'[Math.floor(next() * 3)]}${next() < 0.5 ? 'x' : ''}`],
    ['many texts that differ only far in', (next) => `a title of a video ${'abc'[Math.floor(next() * 3)]}${'x'.repeat(Math.floor(next() * 20))}${Math.floor(next() * 1e6)}`],
    ['many texts in many scripts', (next) => Array.from({ length: 1 + Math.floor(next() * 6) }, () => 'aZ9 ब்দ🙂-'[Math.floor(next() * 10)]).join('') + Math.floor(next() * 1e4)],
    ['prefixes of each other and empties', (next) => ['', 'a', 'ab', 'abc', 'abcd', 'b', 'ब', 'बा', 'a\u0000'][Math.floor(next() * 9)] as string],
    ['numbers, texts and empties mixed', (next) => (next() < 0.4 ? Math.floor(next() * 20) - 10 : next() < 0.5 ? '' : next() < 0.7 ? -0 : `t${Math.floor(next() * 5)}`)],
    ['fractions and infinities', (next) => (next() < 0.1 ? Infinity : next() < 0.1 ? -Infinity : next() * 3)],
  ];
  for (const [name, make] of cases) {
    it(`orders ${name} as the comparator sort does, both ways`, () => {
      for (const seed of [1, 2, 3]) {
        const next = random(seed);
        // 6,000 keys: past the table of few distinct texts, so the radix path runs where texts are many.
        const keys = Array.from({ length: 6000 }, () => make(next));
        for (const desc of [false, true]) expect(Array.from(sortedOrder(keys.length, (i) => keys[i] as SortKey, desc))).toEqual(reference(keys, desc));
      }
    });
  }

  it('orders nothing and one row', () => {
    expect(Array.from(sortedOrder(0, () => '', false))).toEqual([]);
    expect(Array.from(sortedOrder(1, () => 'x', true))).toEqual([0]);
  });
});
