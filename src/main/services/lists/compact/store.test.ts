import { describe, expect, it } from 'vitest';
import { listDef, SEARCH_SEPARATOR } from '../../../../shared/lists';
import type { WindowView } from '../../../../shared/windows';
import { KeptList } from '../kept-list';
import { PlainStore } from '../store';
import { LANGUAGES } from '../../../../shared/constants';
import type { LearnerWithToken } from '../../../../shared/schemas/users';
import type { Question } from '../../../../shared/schemas/question-bank';
import { CompactStore, isInstant, pathOf } from './store';
import { orderByRanks } from '../../../../shared/rows';

/** A small deterministic generator (the same rows on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['farm', 'दूध', 'பால்', 'seed', 'loan', 'crop', 'ধান', 'water', 'Shah', 'ಹಾಲು', '🙂', 'price'];

function learners(n: number): LearnerWithToken[] {
  const r = rng(7);
  return Array.from({ length: n }, (_, i) => ({
    _id: `id-${i}`,
    userInfo: {
      mobileNumber: `${7 + Math.floor(r() * 3)}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`,
      loginTime: r() < 0.1 ? '' : new Date(Date.UTC(2026, 0, 1) + Math.floor(r() * 3e10)).toISOString(),
      preferredLanguage: LANGUAGES[Math.floor(r() * LANGUAGES.length)]!,
      token: `t${i}`.padEnd(64, 'f'),
    },
    currentProgress: { progress: Math.floor(r() * 101), moduleId: r() < 0.2 ? '' : `m${Math.floor(r() * 5)}` },
  }));
}

function questions(n: number): Question[] {
  const r = rng(11);
  const word = () => WORDS[Math.floor(r() * WORDS.length)]!;
  return Array.from({ length: n }, (_, i) => ({
    _id: `q${i}`,
    id: i + 1,
    question: `${word()} ${word()} ${i % 7 === 0 ? 'what is "quoted" \\ here?' : word()}`,
    language: LANGUAGES[i % LANGUAGES.length]!,
    categoryId: `c${i % 3}`,
    helpText: i % 5 === 0 ? '' : word(),
    optionFormat: 'radio',
    difficulty: (['Easy', 'Medium', 'Hard'] as const)[i % 3]!,
    // 2 to 6 options: rows of several shapes.
    options: Array.from({ length: 2 + (i % 5) }, (_, k) => ({ option: `${word()} ${k}`, isTrue: k === i % 2 })),
    metaInfo: { created: { at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString() }, updated: { at: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString() } },
  })) as Question[];
}

const base: WindowView = { search: '', filters: [], sort: null, offset: 0, limit: 100 };

describe('CompactStore (the worker\'s rows) against the plain store, same pipeline', () => {
  it('gives back every row exactly as it was kept', () => {
    const rows = [...questions(300), { a: null, b: [true, false, null, [], {}], c: -0, d: 1.5e300, e: '', __proto__x: 'p' }];
    const store = new CompactStore<unknown>();
    for (const row of rows) store.append(row, '', null);
    expect(store.length).toBe(rows.length);
    rows.forEach((row, i) => expect(store.row(i)).toEqual(row));
    const proto = JSON.parse('{"__proto__":{"x":1},"y":2}') as object;
    store.append(proto, '', null);
    const back = store.row(rows.length) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(Object.keys(back)).toEqual(['__proto__', 'y']);
  });

  for (const [name, make, searches, sorts, filters] of [
    ['questions', () => questions(2000), ['farm', 'दूध', 'ধান', '🙂', 'f', 'quoted" \\', 'seed 3', 'nothing here', 'easy', 'c1', 'hindi'], ['id', 'question', 'difficulty', 'optionsCount', 'addedOn'], [{ id: 'language', kind: 'select' as const, value: 'Tamil' }, { id: 'question', kind: 'text' as const, value: 'LOAN' }]],
    ['learners', () => learners(5000), ['9', '98', '7', '2026', 'hindi', '100%', '0%', 'tamil', 'zzz'], ['mobile', 'loginTime', 'language', 'progress'], [{ id: 'language', kind: 'select' as const, value: 'Odia' }]],
  ] as const) {
    it(`answers the same windows as the plain store: ${name}`, () => {
      const def = listDef(name);
      const joins = { categories: [{ _id: 'c1', name: 'Farming' }, { _id: 'c2', name: 'Dairy' }] };
      const rows = make() as unknown[];
      const plain = KeptList.of(def, rows, joins, 1, new PlainStore());
      const compact = KeptList.of(def, rows, joins, 1, new CompactStore());
      const same = (query: WindowView, view: string) => expect(compact.window(query, view), JSON.stringify(query)).toEqual(plain.window(query, view));
      same(base, 'v');
      same({ ...base, offset: 1990, limit: 20 }, 'v');
      for (const search of searches) {
        same({ ...base, search }, 'v');
        // Typing on from a kept result (narrowing), then a fresh view.
        same({ ...base, search: `${search}a` }, 'v');
        same({ ...base, search: search.toUpperCase() }, 'fresh');
      }
      for (const id of sorts) {
        for (const desc of [false, true]) {
          same({ ...base, sort: { id, desc } }, 's');
          same({ ...base, sort: { id, desc }, search: searches[0]! }, 's');
          for (const filter of filters) same({ ...base, sort: { id, desc }, filters: [filter], search: searches[1]! }, 'f');
        }
      }
      for (const filter of filters) same({ ...base, filters: [filter] }, 'f');
    });
  }

  it('gives back the room kept for growth when finished, and still takes rows after it', () => {
    const rows = questions(3000);
    const store = new CompactStore<Question>();
    for (const row of rows.slice(0, 2500)) store.append(row, row.question.toLowerCase(), row._id);
    const before = store.bytes;
    store.finish();
    expect(store.bytes).toBeLessThan(before);
    for (const row of rows.slice(2500)) store.append(row, row.question.toLowerCase(), row._id);
    rows.forEach((row, i) => expect(store.row(i)).toEqual(row));
    const marks = store.matchAll('farm');
    rows.forEach((row, i) => expect(marks[i]).toBe(row.question.toLowerCase().includes('farm') ? 1 : 0));
    expect(store.findSecret('q2999')).toBe(2999);
    expect(store.findSecret('q10')).toBe(10);
    // An empty store finished, then filled.
    const empty = new CompactStore<Question>();
    empty.finish();
    for (const row of rows.slice(0, 2000)) empty.append(row, row.question.toLowerCase(), null);
    expect(empty.row(1999)).toEqual(rows[1999]);
  });

  it('keeps a value that is a part of its search text (no capitals) once, and gives it back as it was', () => {
    const hindi = (i: number) => `दूध की कीमत ${i} रुपये है, तो ${i % 7} लीटर का दाम क्या होगा?`;
    const rows = Array.from({ length: 2000 }, (_, i) => ({ question: hindi(i), note: ['Farm', 'फ़सल', 'What is UPI?', 'ABC', 'A é B'][i % 5]!, empty: '' }));
    const text = (r: { question: string; note: string }, i: number) => [String(i), r.question, r.note.toLowerCase()].join(SEARCH_SEPARATOR);
    const shared = new CompactStore<(typeof rows)[number]>();
    // The same values with a search text that does not hold them: each value is written a second time.
    const apart = new CompactStore<(typeof rows)[number]>();
    rows.forEach((row, i) => {
      shared.append(row, text(row, i), null);
      apart.append(row, text(row, i).replace(/ /g, '_'), null);
    });
    shared.finish();
    apart.finish();
    rows.forEach((row, i) => expect(shared.row(i)).toEqual(row));
    const questionBytes = rows.reduce((n, r) => n + Buffer.byteLength(r.question), 0);
    expect(apart.bytes - shared.bytes).toBeGreaterThan(questionBytes * 0.9);
    const read = shared.reader((r) => r.question);
    expect(read(1234)).toBe(hindi(1234));
    const marks = shared.matchAll('1234 रुपये');
    expect([...marks.keys()].filter((i) => marks[i])).toEqual([1234]);
    // 'What is UPI?' is kept as its text's 'what is upi?' and where its capitals are: given back as it came, sorted in lower case.
    const notes = shared.textRanks((r) => r.note)!;
    const byNote = Array.from(orderByRanks(notes.rank, notes.ranks, false)).map((i) => rows[i]!.note);
    expect(byNote).toEqual(rows.map((r) => r.note).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
  });

  it('keeps a time as toISOString writes it as its milliseconds, any other text as it came, and sorts them as texts', () => {
    expect(isInstant('2026-11-26T09:44:05.120Z')).toBe(true);
    expect(isInstant('2024-02-29T23:59:59.999Z')).toBe(true);
    expect(isInstant('0050-01-01T00:00:00.000Z')).toBe(true);
    for (const text of ['2023-02-29T00:00:00.000Z', '2026-11-26T24:00:00.000Z', '2026-11-26T10:60:00.000Z', '2026-11-26T10:00:60.000Z', '2026-13-01T00:00:00.000Z',
      '2026-11-26T10:00:00Z', '2026-11-26T10:00:00.000+05:30', '2026-11-26t10:00:00.000z', '2026-11-26 10:00:00.000Z', '+02026-11-26T10:00:00.00Z', '2026-11-26T10:00:00.0a0Z'])
      expect(isInstant(text), text).toBe(false);
    // Times of every kind a legacy record might have, beside instants: the same windows as the plain store.
    const times = ['2026-11-26T09:44:05.120Z', '2026-11-26T10:00:00Z', '', '2026-11-26 08:00', '2023-02-29T00:00:00.000Z', '1999-12-31T23:59:59.999Z', '2026-11-26T09:44:05.120Z'];
    const rows = learners(700).map((l, i) => ({ ...l, userInfo: { ...l.userInfo, loginTime: times[i % times.length]! } }));
    const def = listDef('learners');
    const plain = KeptList.of(def, rows, {}, 1, new PlainStore());
    const compact = KeptList.of(def, rows, {}, 1, new CompactStore());
    rows.forEach((row, i) => expect(compact.store.row(i)).toEqual(row));
    for (const desc of [false, true]) {
      const query = { ...base, sort: { id: 'loginTime', desc }, offset: 0, limit: 700 };
      expect(compact.window(query, 'v')).toEqual(plain.window(query, 'v'));
    }
    // Instants alone (and rows without one): ranked by their milliseconds, as their texts sort.
    const clean = learners(700).map((l, i) => ({ ...l, userInfo: { ...l.userInfo, loginTime: i % 9 ? new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 700) * 6e4).toISOString() : '' } }));
    const store = new CompactStore<(typeof clean)[number]>();
    for (const row of clean) store.append(row, '', null);
    expect(store.textRanks((l) => l.userInfo.loginTime)).not.toBeNull();
    const plainClean = KeptList.of(def, clean, {}, 1, new PlainStore());
    const compactClean = KeptList.of(def, clean, {}, 1, new CompactStore());
    for (const desc of [false, true]) {
      const query = { ...base, sort: { id: 'loginTime', desc }, offset: 0, limit: 50 };
      expect(compactClean.window(query, 'v')).toEqual(plainClean.window(query, 'v'));
    }
  });

  it('keeps ids in hex at half their length, gives them back as they came and sorts them as texts', () => {
    const r = rng(11);
    const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
    const uuid = () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
    const ids = Array.from({ length: 600 }, (_, i) => [uuid(), hex(24), uuid().toUpperCase(), `q${i}`, hex(16)][i % 5]!);
    const rows = learners(600).map((l, i) => ({ ...l, _id: ids[i]!, currentProgress: { ...l.currentProgress, moduleId: ids[(i * 7) % 600]! } }));
    const store = new CompactStore<(typeof rows)[number]>();
    for (const row of rows) store.append(row, '', null);
    rows.forEach((row, i) => expect(store.row(i)).toEqual(row));
    const ranked = store.textRanks((l) => l._id)!;
    const sorted = Array.from(orderByRanks(ranked.rank, ranked.ranks, false)).map((i) => ids[i]!.toLowerCase());
    expect(sorted).toEqual([...ids].map((id) => id.toLowerCase()).sort());
    const head = store.firstByText((l) => l.currentProgress.moduleId, 10, true);
    const byModule = [...rows.keys()].sort((a, b) => { const x = rows[a]!.currentProgress.moduleId.toLowerCase(); const y = rows[b]!.currentProgress.moduleId.toLowerCase(); return x < y ? 1 : x > y ? -1 : a - b; });
    if (head) expect(Array.from(head)).toEqual(byModule.slice(0, 10));
  });

  it('finds secrets by key, the later row winning a repeated key', () => {
    const rows = learners(5000);
    rows.push({ ...rows[10]!, _id: 'again', userInfo: { ...rows[10]!.userInfo, token: 'newer' } });
    const def = listDef('learners');
    const plain = KeptList.of(def, rows, {}, 1, new PlainStore());
    const compact = KeptList.of(def, rows, {}, 1, new CompactStore());
    for (const row of rows.slice(0, 200)) {
      const key = row.userInfo.mobileNumber;
      expect(compact.secret(key)).toBe(plain.secret(key));
    }
    expect(compact.secret(rows[10]!.userInfo.mobileNumber)).toBe('newer');
    expect(compact.secret('0000000000')).toBeNull();
  });

  it('while rows arrive: windows in the server\'s order only, then everything once finished', () => {
    const def = listDef('learners');
    const rows = learners(500);
    const list = new KeptList(def, new CompactStore(), {}, 3);
    list.append(rows.slice(0, 120));
    expect(list.canAnswer({ ...base, limit: 100 })).toBe(true);
    const first = list.window({ ...base, limit: 100 });
    expect(first).toMatchObject({ total: 120, count: 120, offset: 0, complete: false });
    expect((first.rows as { _id: string }[]).map((r) => r._id)).toEqual(rows.slice(0, 100).map((r) => r._id));
    expect(list.canAnswer({ ...base, offset: 100, limit: 100 })).toBe(false);
    expect(list.canAnswer({ ...base, limit: 20, search: '9' })).toBe(false);
    expect(list.canAnswer({ ...base, limit: 20, sort: { id: 'mobile', desc: false } })).toBe(false);
    expect(() => list.window({ ...base, limit: 20, search: '9' })).toThrow('This list is still loading.');
    list.append(rows.slice(120));
    list.finish();
    const whole = list.window({ ...base, limit: 20, search: '9' });
    expect(whole.complete).toBeUndefined();
    expect(whole.total).toBe(500);
  });

  it('reads one field of a row without decoding it, as the reader on the decoded row would', () => {
    const rows: unknown[] = [
      ...questions(50),
      // Odd records of a list as a platform sends them: a missing or null nested object, a number as a
      // string, extra fields, no options.
      { id: '7', question: null, metaInfo: null, options: [] },
      { id: 8, extra: { deep: [1, 2] }, metaInfo: { created: {} }, options: [{ option: 'a' }] },
      { question: 'no id', metaInfo: { created: { at: 5 } } },
    ];
    const store = new CompactStore<unknown>();
    for (const row of rows) store.append(row, '', null);
    const guarded = (get: (row: never) => unknown) => (row: unknown) => {
      try {
        return get(row as never);
      } catch {
        return undefined;
      }
    };
    const readers: ((q: never) => unknown)[] = [
      (q: Question) => q.id,
      (q: Question) => q.question,
      (q: Question) => q.options.length,
      (q: Question) => q.options[0]?.option,
      (q: Question) => q.metaInfo.created.at,
      (q: Question) => q.metaInfo.created,
      (q: { extra: { deep: number[] } }) => q.extra.deep.length,
    ];
    for (const get of readers) {
      const read = store.reader(guarded(get));
      const byPath = store.reader(get as (row: unknown) => unknown);
      rows.forEach((row, i) => {
        expect(read(i)).toEqual(guarded(get)(row));
        expect(byPath(i)).toEqual(guarded(get)(row));
      });
    }
  });

  it('follows plain paths only; a reader that computes runs on the decoded row', () => {
    expect(pathOf((l: LearnerWithToken) => l.userInfo.mobileNumber)).toEqual(['userInfo', 'mobileNumber']);
    expect(pathOf((q: Question) => q.options.length)).toEqual(['options', 'length']);
    expect(pathOf((q: Question) => `${q.id}`)).toBeNull();
    expect(pathOf((q: Question) => q.options.map((o) => o.option))).toBeNull();
    expect(pathOf(() => 1)).toBeNull();
    const store = new CompactStore<Question>();
    for (const q of questions(20)) store.append(q, '', null);
    const computed = store.reader((q) => q.options.map((o) => o.option).join('|'));
    expect(computed(3)).toBe(store.row(3).options.map((o) => o.option).join('|'));
  });

  it('sorts partly read rows as empty, the same in both stores', () => {
    const def = listDef('questions');
    const rows = [...questions(40), { id: 'x', question: 'odd', metaInfo: null, options: null }] as unknown as Question[];
    const issues = rows.map((_, i) => (i === rows.length - 1 ? [{ path: 'metaInfo', expected: 'object', received: 'null' }] : undefined));
    const plain = KeptList.of(def, rows, {}, 1, new PlainStore(), issues as never);
    const compact = KeptList.of(def, rows, {}, 1, new CompactStore(), issues as never);
    for (const id of ['addedOn', 'optionsCount', 'id']) {
      for (const desc of [false, true]) {
        const query = { ...base, sort: { id, desc } };
        expect(compact.window(query)).toEqual(plain.window(query));
      }
    }
    const byDate = compact.window({ ...base, sort: { id: 'addedOn', desc: true } });
    expect((byDate.rows.at(-1) as { id: string }).id).toBe('x');
  });
});

describe('CompactStore.matchAll (the whole list searched once)', () => {
  // ASCII, and Hindi written a byte a character (with an escaped rupee sign) in texts of both kinds.
  for (const [script, filler, needles] of [
    ['ASCII', 'x'.repeat(400), ['x']],
    ['Hindi', `${'दूध '.repeat(99)}₹ x`, ['दूध', 'ध ₹', '₹ x', 'x']],
  ] as const)
  it(`marks the rows the plain store marks: rare matches blocks apart, dense runs of long and short texts, two segments, none across rows (${script})`, () => {
    // Over 16 MB of text: the texts fill a second segment. Rows hold matches a few rows apart, just
    // around the 4096-row blocks, thousands of rows apart, in a dense run, and at a segment's ends.
    const n = 44_000;
    const hit = new Set([0, 3, 4095, 4096, 4097, 9000, 20_000, 20_001, 41_999, 42_000, n - 1]);
    for (let i = 30_000; i < 31_000; i++) if (i % 3 !== 0) hit.add(i);
    // Short texts, most of them matching: those blocks are searched row by row.
    const short = (i: number) => i >= 22_000 && i < 28_000;
    for (let i = 22_000; i < 28_000; i++) if (i % 4 !== 0) hit.add(i);
    const compact = new CompactStore<unknown>();
    const plain = new PlainStore<unknown>();
    for (let i = 0; i < n; i++) {
      // A row ending in 'nee' before one starting with 'dle': the needle across the two is no match.
      const text = short(i) ? (hit.has(i) ? `needle${i}` : `${i}`) : hit.has(i) ? `${filler}needle${i}` : i === 12_345 ? `${filler}nee` : i === 12_346 ? `dle${filler}` : `${filler}${i}`;
      compact.append({}, text, null);
      plain.append({}, text, null);
    }
    for (const needle of ['needle', 'needle4', 'needle2000', 'needle9', '1', 'absent', ...needles]) {
      expect([...compact.matchAll(needle)], needle).toEqual([...plain.matchAll(needle)]);
    }
    expect(compact.matchAll('needle').reduce((a, b) => a + b, 0)).toBe(hit.size);
  });
});

describe('CompactStore.textRanks (a text field ranked over the string table)', () => {
  /** The plain comparator: lower-case texts by code unit, empty ones last in both directions, ties in row order. */
  const reference = (texts: readonly unknown[], desc: boolean): number[] => {
    const keys = texts.map((t) => (typeof t === 'string' ? t.toLowerCase() : ''));
    return keys
      .map((_, i) => i)
      .sort((a, b) => {
        const x = keys[a]!;
        const y = keys[b]!;
        if (x === '' || y === '') return x === y ? a - b : x === '' ? 1 : -1;
        const c = x < y ? -1 : x > y ? 1 : 0;
        return (desc ? -c : c) || a - b;
      });
  };
  const orderOf = (ranked: { rank: Uint32Array; ranks: number }, desc: boolean) => Array.from(orderByRanks(ranked.rank, ranked.ranks, desc));

  const r = rng(3);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ascii = () => Array.from({ length: 1 + Math.floor(r() * 9) }, () => pick(['a', 'B', 'b', 'z', 'Z', '0', '9', '-', ':', ' ', '~'])).join('');
  const HEADS = Array.from({ length: 40 }, () => Array.from({ length: 30 }, () => pick([...'0123456789abcdefGHIJ'])).join(''));
  const cases: [string, () => unknown][] = [
    // Many distinct ASCII texts (ranked from their bytes): mixed case, prefixes of each other, empties.
    ['ASCII, many', () => (r() < 0.05 ? '' : ascii())],
    // Long texts that share their first 60 characters and differ after (past what one number holds).
    ['ASCII, long shared prefixes', () => `${'Same start of a long title '.repeat(2)}${pick(['', 'x', 'X', 'y'])}${Math.floor(r() * 7000)}${pick(['', 'tail', 'Tail'])}`],
    // Texts that tie on more leading characters than one number holds (a few long heads, then a tail).
    ['ASCII, ties past the first positions', () => `${pick(HEADS)}${pick(['', 'Q', 'q', 'r'])}${Math.floor(r() * 9000)}`],
    // ISO times and mobiles, as learners have them.
    ['ISO times', () => (r() < 0.1 ? '' : new Date(Date.UTC(2026, 0, 1) + Math.floor(r() * 3e10)).toISOString())],
    ['mobiles', () => `+91 ${String(Math.floor(r() * 1e10)).padStart(10, '0')}`],
    // Texts in Indian scripts and emoji (decoded), and a field of few values.
    ['non-ASCII', () => `${pick(WORDS)} ${Math.floor(r() * 6000)}${pick(['', 'İ', 'ß', 'Σ'])}`],
    ['few values', () => pick(['Hindi', 'hindi', 'Tamil', 'Odia', '', 'ಕನ್ನಡ'])],
  ];
  for (const [name, make] of cases) {
    it(`orders rows as the plain comparator does: ${name}`, () => {
      const store = new CompactStore<{ t?: unknown; n: number }>();
      const texts: unknown[] = [];
      for (let i = 0; i < 6000; i++) {
        // Rows of three shapes: the text, a null, the field missing.
        const t = r() < 0.03 ? null : make();
        const row = r() < 0.02 ? { n: i } : { t, n: i };
        texts.push(row.t);
        store.append(row, '', null);
      }
      const ranked = store.textRanks((row) => row.t)!;
      expect(ranked).not.toBeNull();
      for (const desc of [false, true]) expect(orderOf(ranked, desc)).toEqual(reference(texts, desc));
      // The head of the order found in one pass, without ranking (null only where texts must be decoded).
      for (const desc of [false, true]) {
        for (const k of [1, 20, 200, 6000]) {
          const head = store.firstByText((row) => row.t, k, desc);
          if (head) expect(Array.from(head), `${desc} ${k}`).toEqual(reference(texts, desc).slice(0, k));
          else expect(name === 'non-ASCII' || k === 6000).toBe(true);
        }
      }
    });
  }

  it('answers a first sort\'s first windows without ranking the column, the same as the plain store', () => {
    const def = listDef('learners');
    const rows = learners(5000);
    for (const sort of ['mobile', 'loginTime', 'language']) {
      for (const desc of [false, true]) {
        const plain = KeptList.of(def, rows, {}, 1, new PlainStore());
        const compact = KeptList.of(def, rows, {}, 1, new CompactStore());
        for (const [offset, limit] of [[0, 20], [20, 20], [100, 100]] as const) {
          const query = { ...base, sort: { id: sort, desc }, offset, limit };
          expect(compact.window(query, 'v'), `${sort} ${desc} ${offset}`).toEqual(plain.window(query, 'v'));
        }
        expect(compact.rankedFields).toBe(0);
        // Further down, the column is ranked.
        const far = { ...base, sort: { id: sort, desc }, offset: 2000, limit: 20 };
        expect(compact.window(far, 'v')).toEqual(plain.window(far, 'v'));
        expect(compact.rankedFields).toBe(1);
      }
    }
  });

  it('is null for a field that is not a text in every row, or a computed one', () => {
    const store = new CompactStore<{ t: unknown }>();
    store.append({ t: 'a' }, '', null);
    store.append({ t: 3 }, '', null);
    expect(store.textRanks((row) => row.t)).toBeNull();
    expect(store.textRanks((row) => String(row.t))).toBeNull();
  });
});
