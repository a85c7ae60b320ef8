// Row shapes of the compact store (./store.ts): records of one list share a few shapes (the same keys,
// in the same order, with the same kinds of values). Each shape is stored once, with its rows' leaf
// values in its columns; a field's getter is followed through a shape to read one leaf per row.


/** A value's place in a shape: a leaf kept in a column, or a constant of the shape. */
export type Node =
  | { kind: 'object'; keys: string[]; children: Node[] }
  | { kind: 'array'; children: Node[] }
  | { kind: 'number'; slot: number }
  | { kind: 'string'; slot: number }
  /** A time as JavaScript writes it (toISOString), kept as its milliseconds in a number column. */
  | { kind: 'instant'; slot: number }
  | { kind: 'constant'; value: boolean | null };

/** A leaf keeps its values once each while it has at most this many distinct ones. */
export const INTERN_LIMIT = 256;

export class Shape {
  numbers: Float64Array;
  strings: Uint32Array;
  rows = 0;
  index = 0;
  /** Per string slot: value -> string id while the slot has few distinct values; null after. */
  readonly interned: (Map<string, number> | null)[];

  constructor(
    readonly root: Node,
    readonly numberSlots: number,
    readonly stringSlots: number,
  ) {
    this.numbers = new Float64Array(numberSlots * 16);
    this.strings = new Uint32Array(stringSlots * 16);
    this.interned = Array.from({ length: stringSlots }, () => new Map<string, number>());
  }
}

/** The shape's signature and tree of a value (slots numbered in walk order). */
export function describe(value: unknown, counters: { n: number; s: number }): { sig: string; node: Node } {
  if (value === null || typeof value === 'boolean') return { sig: value === null ? 'z' : value ? 't' : 'f', node: { kind: 'constant', value } };
  if (typeof value === 'number') return { sig: 'n', node: { kind: 'number', slot: counters.n++ } };
  if (typeof value === 'string') return isInstant(value) ? { sig: 'i', node: { kind: 'instant', slot: counters.n++ } } : { sig: 's', node: { kind: 'string', slot: counters.s++ } };
  if (Array.isArray(value)) {
    const parts = value.map((item) => describe(item, counters));
    return { sig: `[${parts.map((p) => p.sig).join(',')}]`, node: { kind: 'array', children: parts.map((p) => p.node) } };
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const parts = keys.map((key) => describe((value as Record<string, unknown>)[key], counters));
    return { sig: `{${keys.map((k, i) => `${JSON.stringify(k)}:${parts[i]!.sig}`).join(',')}}`, node: { kind: 'object', keys, children: parts.map((p) => p.node) } };
  }
  // undefined and functions do not come out of JSON.parse or valibot's output.
  throw new Error(`A list row holds a ${typeof value}.`);
}

/** The signature alone (the common case: the shape is known), without building a tree. */
export function signature(value: unknown): string {
  if (value === null) return 'z';
  switch (typeof value) {
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return 'n';
    case 'string':
      return isInstant(value) ? 'i' : 's';
    case 'object': {
      if (Array.isArray(value)) {
        let sig = '[';
        for (let i = 0; i < value.length; i++) sig += (i ? ',' : '') + signature(value[i]);
        return `${sig}]`;
      }
      let sig = '{';
      let first = true;
      for (const key in value) {
        sig += `${first ? '' : ','}${JSON.stringify(key)}:${signature((value as Record<string, unknown>)[key])}`;
        first = false;
      }
      return `${sig}}`;
    }
    default:
      throw new Error(`A list row holds a ${typeof value}.`);
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `text` is a time exactly as toISOString writes it ('2026-11-26T09:44:05.120Z'), so that its
 * milliseconds give it back as it was: checked digit by digit (a row has several; no Date is made).
 */
export function isInstant(text: string): boolean {
  if (text.length !== 24 || text.charCodeAt(23) !== 90 || text.charCodeAt(10) !== 84) return false;
  // Separators at 4, 7 ('-'), 13, 16 (':'), 19 ('.'); digits everywhere else.
  const number = (from: number, to: number): number => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return -1;
      n = n * 10 + d;
    }
    return n;
  };
  if (text[4] !== '-' || text[7] !== '-' || text[13] !== ':' || text[16] !== ':' || text[19] !== '.') return false;
  const year = number(0, 4);
  const month = number(5, 7);
  const day = number(8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number))) return false;
  const hour = number(11, 13);
  const minute = number(14, 16);
  const second = number(17, 19);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60 && number(20, 23) >= 0;
}


/** Shapes tried, most recent first, before a row's signature is built. */
export const RECENT_SHAPES = 8;

/** Whether `value` has the shape of `node` (the same keys in the same order, the same kinds of leaves). */
export function fits(node: Node, value: unknown): boolean {
  switch (node.kind) {
    case 'number':
      return typeof value === 'number';
    case 'string':
      // An instant is kept as one (a shape of a text there takes only other texts).
      return typeof value === 'string' && !isInstant(value);
    case 'instant':
      return typeof value === 'string' && isInstant(value);
    case 'constant':
      return value === node.value;
    case 'array': {
      if (!Array.isArray(value) || value.length !== node.children.length) return false;
      for (let i = 0; i < value.length; i++) if (!fits(node.children[i]!, value[i])) return false;
      return true;
    }
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      let k = 0;
      for (const key in value) {
        if (node.keys[k] !== key || !fits(node.children[k]!, (value as Record<string, unknown>)[key])) return false;
        k++;
      }
      return k === node.keys.length;
    }
  }
}

/**
 * The property path a reader follows (`(l) => l.userInfo.mobileNumber` reads ['userInfo', 'mobileNumber']),
 * found by running it once on a recording stand-in; null when it computes anything else, so it is run
 * on the decoded row instead.
 */
export function pathOf<T>(get: (row: T, index: number) => unknown): string[] | null {
  const path: string[] = [];
  let last: object | null = null;
  const step = (): object =>
    (last = new Proxy(
      {},
      {
        get(_target, key) {
          if (typeof key !== 'string') throw new Error('not a plain path');
          path.push(key);
          return step();
        },
      },
    ));
  try {
    const root = step();
    const out = get(root as T, 0);
    return out === last && path.length > 0 ? path : null;
  } catch {
    return null;
  }
}

/** Where a path ends in one shape: a node (keys left over apply to its decoded value), or nothing there. */
export type PathEnd = { node: Node; rest: string[] } | { constant: unknown };

export function follow(root: Node, path: readonly string[]): PathEnd {
  let node = root;
  for (let k = 0; k < path.length; k++) {
    const key = path[k]!;
    if (node.kind === 'object') {
      const at = node.keys.indexOf(key);
      if (at < 0) return { constant: undefined };
      node = node.children[at]!;
    } else if (node.kind === 'array') {
      if (key === 'length') return k === path.length - 1 ? { constant: node.children.length } : { node, rest: path.slice(k) };
      const at = Number(key);
      if (!Number.isInteger(at) || at < 0 || at >= node.children.length) return { constant: undefined };
      node = node.children[at]!;
    } else if (node.kind === 'constant') {
      // A null where the path goes on: the row lacks it (a partly read record), as a guarded reader says.
      return { constant: undefined };
    } else {
      return { node, rest: path.slice(k) };
    }
  }
  return { node, rest: [] };
}
