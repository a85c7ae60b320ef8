import { describe, expect, it } from 'vitest';
import { hexIdLength, needleIn, readHexId, readWindowed, windowedLength, windowOf, writeHexId, writeWindowed } from './dense-text';

/** A small deterministic generator (the same texts on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const r = rng(7);
const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** Characters a platform's texts hold: ASCII, Indian scripts, the rupee sign, joiners, emoji, and the odd stray. */
const PIECES = [
  ...'abc xyz 0123456789 ,.?-',
  ...'दूध की कीमत रुपये लीटर', ...'பால் விலை', ...'ছোট ব্যবসা', ...'చెక్‌లిస్ట్', '₹', '\u200c', '\u0964', '🙂', '\u0000',
  '\ud800', '\udfff', 'é', 'Ω', '\t', '\n',
];
const text = (length: number, pieces = PIECES) => Array.from({ length }, () => pick(pieces)).join('');
/** Without lone surrogates: UTF-8 (window 0) holds each as U+FFFD, so two of them would look alike there. */
const WHOLE = PIECES.filter((p) => !/^[\ud800-\udfff]$/.test(p));

function written(t: string): { bytes: Buffer; w: number } {
  const w = windowOf(t);
  if (w === 0) return { bytes: Buffer.from(t, 'utf8'), w };
  const bytes = Buffer.alloc(windowedLength(t, w));
  expect(writeWindowed(t, w, bytes, 0)).toBe(bytes.length);
  return { bytes, w };
}

describe('dense texts (one byte a character of the window)', () => {
  it('chooses the window of most characters, only where it is smaller than UTF-8', () => {
    expect(windowOf('what is the price of milk?')).toBe(0);
    expect(windowOf('दूध की कीमत ₹40 है')).toBe(0x0900 >> 7);
    expect(windowOf('பால் விலை என்ன?')).toBe(0x0b80 >> 7);
    // Mostly other blocks, a control character it would hold as an escape, emoji alone: UTF-8.
    expect(windowOf('दू ப ছ ₹ ₹ ₹ 🙂')).toBe(0);
    expect(windowOf('दूध\u0001')).toBe(0);
    expect(windowOf('🙂🙂')).toBe(0);
    const hindi = 'दूध की कीमत रुपये लीटर में';
    expect(windowedLength(hindi, windowOf(hindi))).toBe(hindi.length);
    expect(Buffer.byteLength(hindi)).toBeGreaterThan(hindi.length * 2.5);
  });

  it('gives back every text exactly as it came, lone surrogates included', () => {
    for (let k = 0; k < 3000; k++) {
      const t = text(Math.floor(r() * 40));
      const { bytes, w } = written(t);
      if (w !== 0) expect(readWindowed(bytes, 0, bytes.length, w)).toBe(t);
    }
    const long = 'दूध '.repeat(5000);
    const { bytes, w } = written(long);
    expect(readWindowed(bytes, 0, bytes.length, w)).toBe(long);
  });

  it('finds a needle exactly where the text holds it, never inside a character', () => {
    let windowed = 0;
    let found = 0;
    for (let k = 0; k < 4000; k++) {
      const t = text(5 + Math.floor(r() * 30), WHOLE).replaceAll('\u0000', ' ');
      const { bytes, w } = written(t);
      if (w !== 0) windowed++;
      // A piece of the text itself (whole characters: UTF-8 cannot hold half a surrogate pair), or a needle made up apart.
      const chars = Array.from(t);
      const from = Math.floor(r() * chars.length);
      const needle = r() < 0.5 ? chars.slice(from, from + 1 + Math.floor(r() * 4)).join('') : text(1 + Math.floor(r() * 3), WHOLE);
      if (!needle) continue;
      const bytesOfNeedle = needleIn(needle, w);
      const hit = bytesOfNeedle !== null && bytes.indexOf(bytesOfNeedle) >= 0;
      expect(hit, JSON.stringify({ t, needle, w })).toBe(t.includes(needle));
      if (hit) found++;
    }
    expect(windowed).toBeGreaterThan(500);
    expect(found).toBeGreaterThan(1000);
    // A held control character cannot be in a windowed text.
    expect(needleIn('दू\u0001', 18)).toBeNull();
    expect(needleIn('दू\u0001', 0)).toEqual(Buffer.from('दू\u0001'));
  });
});

describe('hex ids (half their length)', () => {
  it('keeps UUIDs and lower-case hex ids, and gives them back as they came', () => {
    const ids = ['0b8e9c7a-3f1d-4e2b-9a6c-5d4e3f2a1b0c', '00000000-0000-0000-0000-000000000000', '65f1c2a9b8e7d6c5b4a39281', 'ffffffffffffffff', 'a'.repeat(64)];
    for (const id of ids) {
      const length = hexIdLength(id);
      expect(length).toBe(id.length === 36 ? 17 : 1 + id.length / 2);
      const bytes = Buffer.alloc(length);
      expect(writeHexId(id, bytes, 0)).toBe(length);
      expect(readHexId(bytes, 0, length)).toBe(id);
    }
    // Capitals, odd lengths, short ones, dashes elsewhere, other letters: kept as text.
    for (const text of ['0B8E9C7A-3F1D-4E2B-9A6C-5D4E3F2A1B0C', '65f1c2a9b8e7d6c5b4a3928', 'abcdef', '0b8e9c7a3f1d-4e2b-9a6c-5d4e3f2a1b0c', '0b8e9c7a-3f1d-4e2b-9a6c-5d4e3f2a1b0g', 'a'.repeat(66)])
      expect(hexIdLength(text), text).toBe(0);
  });
});
