/**
 * Find anything, run by `npm run bench -- find`: the palette's answer per keystroke over 200,000
 * learners and 100,000 questions kept as main's list worker keeps them (compact stores, search text
 * built once), typing a mobile ('9', '98', ... '9820012345') and a word ('s', 'sh', ... 'shopkeeper').
 * Per keystroke: both lists' `find` (the search narrowing as typing goes on, the best 8 ranked by
 * title) and the merge. Reference, measured in the same run: the same keystrokes as a screen's search
 * of the same lists (`KeptList.window`, a page of 20). Budget: 50 ms a keystroke (DESIGN section 8's
 * search budget); the ratio to the reference is printed.
 */
import { performance } from 'node:perf_hooks';
import { CompactStore } from '../src/main/services/lists/compact/store';
import { LISTS, type ListDef } from '../src/shared/lists';
import { KeptList } from '../src/main/services/lists/kept-list';
import { mergeFound } from '../src/shared/find';
import type { Question } from '../src/shared/schemas/question-bank';
import type { LearnerWithToken } from '../src/shared/schemas/users';

const BUDGET_MS = 50;
const LANGUAGES = ['English', 'Hindi', 'Tamil', 'Marathi', 'Bengali'] as const;
const WORDS = ['shopkeeper', 'profit', 'price', 'discount', 'tailor', 'farmer', 'loan', 'interest', 'stall', 'market', 'rupees', 'weekly'];

function learner(i: number): LearnerWithToken {
  return {
    _id: `l${i.toString(16).padStart(8, '0')}`,
    userInfo: { mobileNumber: String(7_000_000_000 + ((i * 7919) % 2_999_999_999)), loginTime: new Date(1_790_000_000_000 + i * 60_000).toISOString(), preferredLanguage: LANGUAGES[i % 5]!, token: `token-${i}` },
    currentProgress: { progress: i % 101 },
  } as unknown as LearnerWithToken;
}

function question(i: number): Question {
  const w = (k: number) => WORDS[(i * 31 + k * 7) % WORDS.length]!;
  const at = new Date(1_790_000_000_000 + i * 60_000).toISOString();
  return {
    _id: `q${i.toString(16).padStart(8, '0')}`,
    id: i + 1,
    question: `A ${w(0)} buys goods for ₹${100 + (i % 900)} and sells them at a ${w(1)}: what is the ${w(2)} after ${i % 12} weeks?`,
    language: LANGUAGES[i % 5]!,
    categoryId: `c${i % 40}`,
    helpText: `Think of the ${w(3)}.`,
    optionFormat: 'radio',
    difficulty: (['Easy', 'Medium', 'Hard'] as const)[i % 3]!,
    options: [1, 2, 3, 4].map((k) => ({ option: `₹${k * (i % 97)}`, isTrue: k === 1 })),
    metaInfo: { created: { at }, updated: { at } },
  } as unknown as Question;
}

function kept<T>(def: ListDef<T>, n: number, make: (i: number) => T): KeptList<T> {
  const list = new KeptList(def, new CompactStore<T>());
  const run: T[] = [];
  for (let i = 0; i < n; i++) {
    run.push(make(i));
    if (run.length === 10_000) list.append(run.splice(0));
  }
  list.append(run);
  list.finish();
  return list;
}

const typing = (text: string) => Array.from({ length: text.length }, (_, k) => text.slice(0, k + 1));

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export async function run(args: string[]): Promise<boolean> {
  const scale = Number(args[args.indexOf('--scale') + 1] ?? 1) || 1;
  const nLearners = Math.round(200_000 * scale);
  const nQuestions = Math.round(100_000 * scale);
  const t0 = performance.now();
  const learners = kept(LISTS.learners as unknown as ListDef<LearnerWithToken>, nLearners, learner);
  const questions = kept(LISTS.questions as unknown as ListDef<Question>, nQuestions, question);
  console.log(`Kept ${nLearners.toLocaleString('en-IN')} learners and ${nQuestions.toLocaleString('en-IN')} questions in ${(performance.now() - t0).toFixed(0)} ms`);
  const mobile = learner(123_456).userInfo.mobileNumber;
  // The reference: the same keystroke as a screen's search of both lists (a page of 20).
  const screenSearch = (keys: string) => {
    for (const list of [learners, questions] as KeptList<unknown>[]) list.window({ search: keys, filters: [], sort: null, offset: 0, limit: 20 }, 'reference');
  };
  const findAll = (keys: string) => mergeFound([learners.find(keys, new Set()), questions.find(keys, new Set())], []);
  // Warm up both paths (the JIT, the readers) on a text that is typed nowhere below.
  for (const keys of typing('zq')) {
    findAll(keys);
    screenSearch(keys);
  }
  const lines: { name: string; find: number[]; ref: number[] }[] = [];
  for (const [name, text] of [['a mobile', mobile], ['a word', 'shopkeeper']] as const) {
    const find: number[] = [];
    const ref: number[] = [];
    for (const keys of typing(text)) {
      // Each keystroke's find and reference in turn, alternating which goes first.
      const refFirst = find.length % 2 === 1;
      if (refFirst) ref.push(time(() => screenSearch(keys)));
      find.push(time(() => findAll(keys)));
      if (!refFirst) ref.push(time(() => screenSearch(keys)));
    }
    lines.push({ name, find, ref });
  }
  const found = findAll(mobile);
  const sane = found[0]?.title === mobile && mergeFound([questions.find('shopkeeper', new Set())], [])[0]?.title.toLowerCase().includes('shopkeeper');
  console.log('measure                                     worst ms  median ms  ref worst ms  ratio (all keys)  budget  ok');
  let ok = sane === true;
  for (const { name, find, ref } of lines) {
    const worst = Math.max(...find);
    const median = [...find].sort((a, b) => a - b)[Math.floor(find.length / 2)]!;
    const refWorst = Math.max(...ref);
    const pass = worst <= BUDGET_MS;
    ok &&= pass;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(`keystroke, typing ${name.padEnd(25)}${worst.toFixed(1).padStart(9)}${median.toFixed(1).padStart(11)}${refWorst.toFixed(1).padStart(14)}${(sum(find) / sum(ref)).toFixed(2).padStart(17)}${String(BUDGET_MS).padStart(8)}  ${pass ? 'yes' : 'NO'}`);
    console.log(`  per key (find / reference, ms): ${find.map((f, k) => `${f.toFixed(0)}/${ref[k]!.toFixed(0)}`).join(' ')}`);
  }
  if (!sane) console.log('NO: the first result is not the record typed');
  return ok;
}
