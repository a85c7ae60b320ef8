// Search texts in Indian scripts at one byte a character instead of UTF-8's three (the list worker's
// largest cost: a question bank in Hindi, Marathi and Tamil is mostly such texts).
//
// A text is written in a *window*: the block of 128 code points most of its non-ASCII characters are
// in (Devanagari is U+0900-U+097F, window 18). Then:
//  * ASCII is one byte as is (0x00, tab, line feed, carriage return, 0x20-0x7F);
//  * a character of the window is one byte, 0x80 + its place in the block;
//  * any other character is an escape: 0x01 and four hex digits (a code point up to U+FFFF, or a lone
//    surrogate), or 0x02 and six (above U+FFFF), each digit a byte 0x10-0x1F.
// Texts holding other control characters (0x01-0x08, 0x0B, 0x0C, 0x0E-0x1F) stay UTF-8 (window 0).
// A needle written in the same window matches exactly where the text holds it: its first byte is never
// a digit of an escape, so a match starts between characters, and from there the bytes are the same
// characters (no match starts inside a character, none ends inside one). Texts of one window only are
// searched with that window's needle (the list worker keeps each window's texts apart).

const ESCAPE_BMP = 0x01;
const ESCAPE_ASTRAL = 0x02;
const DIGIT = 0x10;

/** Control characters a windowed text cannot hold literally (its escapes are made of them). */
const isHeld = (c: number): boolean => c < 0x20 && c !== 0x00 && c !== 0x09 && c !== 0x0a && c !== 0x0d;

const blockCounts = new Uint32Array(512);

/**
 * The window `text` is smallest in, or 0 when UTF-8 is as small (ASCII, scripts spread over blocks,
 * text with held control characters). Surrogates are never a window.
 */
export function windowOf(text: string): number {
  // Bytes over one per UTF-16 unit: UTF-8 spends 1 more on U+0080-U+07FF, 2 on the rest of the BMP,
  // 1 on each unit of a surrogate pair; a window 4 more on a BMP character outside it, 2.5 on a unit of a pair.
  let utf8 = 0;
  let surrogates = 0;
  const touched: number[] = [];
  let best = 0;
  let held = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (isHeld(c)) {
        held = true;
        break;
      }
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      surrogates++;
      utf8 += 1;
      continue;
    }
    utf8 += c < 0x800 ? 1 : 2;
    const block = c >>> 7;
    if (blockCounts[block] === 0) touched.push(block);
    blockCounts[block] = (blockCounts[block] as number) + 1;
    if (best === 0 || (blockCounts[block] as number) > (blockCounts[best] as number)) best = block;
  }
  let outside = 0;
  for (const b of touched) {
    if (b !== best) outside += blockCounts[b] as number;
    blockCounts[b] = 0;
  }
  if (held || best === 0) return 0;
  return outside * 4 + surrogates * 2.5 < utf8 ? best : 0;
}

/** The code point at i and how many units it takes (a lone surrogate is its own unit). */
function codePointAt(text: string, i: number): [number, number] {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return [0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00), 2];
  }
  return [c, 1];
}

/** Bytes `text` takes in window `w` (not 0). */
export function windowedLength(text: string, w: number): number {
  const base = w << 7;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 0x80 || (c >= base && c < base + 128)) {
      bytes += 1;
      i += 1;
      continue;
    }
    const [cp, units] = codePointAt(text, i);
    bytes += cp > 0xffff ? 7 : 5;
    i += units;
  }
  return bytes;
}

/**
 * Writes `text` in window `w` (not 0) at `offset`; returns the bytes written. The caller made room
 * (windowedLength) and chose the window (windowOf: no held control characters).
 */
export function writeWindowed(text: string, w: number, buffer: Uint8Array, offset: number): number {
  const base = w << 7;
  let at = offset;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      buffer[at++] = c;
      i += 1;
    } else if (c >= base && c < base + 128) {
      buffer[at++] = 0x80 | (c - base);
      i += 1;
    } else {
      const [cp, units] = codePointAt(text, i);
      const digits = cp > 0xffff ? 6 : 4;
      buffer[at++] = digits === 6 ? ESCAPE_ASTRAL : ESCAPE_BMP;
      for (let d = digits - 1; d >= 0; d--) buffer[at++] = DIGIT | ((cp >>> (d * 4)) & 0xf);
      i += units;
    }
  }
  return at - offset;
}

/** The text written in window `w` at [start, end). */
export function readWindowed(buffer: Uint8Array, start: number, end: number, w: number): string {
  const base = w << 7;
  const units: number[] = [];
  let out = '';
  for (let at = start; at < end; ) {
    const b = buffer[at] as number;
    if (b >= 0x80) {
      units.push(base + (b & 0x7f));
      at += 1;
    } else if (b === ESCAPE_BMP || b === ESCAPE_ASTRAL) {
      const digits = b === ESCAPE_ASTRAL ? 6 : 4;
      let cp = 0;
      for (let d = 1; d <= digits; d++) cp = (cp << 4) | ((buffer[at + d] as number) & 0xf);
      if (cp > 0xffff) units.push(0xd800 + ((cp - 0x10000) >>> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      else units.push(cp);
      at += 1 + digits;
    } else {
      units.push(b);
      at += 1;
    }
    // fromCharCode takes its arguments on the stack: long texts go in pieces.
    if (units.length >= 4096) {
      out += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  return out + String.fromCharCode(...units);
}

/** `needle`'s bytes in window `w` (UTF-8 for 0), or null when no text of that window can hold it (a held control character). */
export function needleIn(needle: string, w: number): Buffer | null {
  if (w === 0) return Buffer.from(needle, 'utf8');
  for (let i = 0; i < needle.length; i++) if (isHeld(needle.charCodeAt(i))) return null;
  const bytes = Buffer.allocUnsafe(windowedLength(needle, w));
  writeWindowed(needle, w, bytes, 0);
  return bytes;
}

// Ids in hex (a UUID, a MongoDB ObjectId) at half their length: a tag byte (below 0x20, so the list
// worker's byte comparisons read such a value decoded) and the bytes the digits spell.

/** The window of a pool of hex ids (text windows are blocks, 1 to 511). */
export const HEX_IDS = 0xffff;
const TAG_UUID = 0x00;
const TAG_HEX = 0x01;
/** Shorter ids save too little for the tag. */
const MIN_HEX = 16;

const hexDigit = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1);
const isUuidDash = (i: number): boolean => i === 8 || i === 13 || i === 18 || i === 23;

/** Bytes `text` takes as a hex id: a UUID in lower case (17), lower-case hex of an even length from 16 on (1 + half); 0 when it is neither. */
export function hexIdLength(text: string): number {
  const n = text.length;
  if (n < MIN_HEX || n > 64) return 0;
  const uuid = n === 36 && text.charCodeAt(8) === 45;
  for (let i = 0; i < n; i++) {
    if (uuid && isUuidDash(i)) {
      if (text.charCodeAt(i) !== 45) return 0;
    } else if (hexDigit(text.charCodeAt(i)) < 0) return 0;
  }
  if (uuid) return 17;
  return n % 2 === 0 ? 1 + n / 2 : 0;
}

/** Writes a hex id (hexIdLength > 0) at `offset`; returns the bytes written. */
export function writeHexId(text: string, buffer: Uint8Array, offset: number): number {
  const uuid = text.length === 36;
  let at = offset;
  buffer[at++] = uuid ? TAG_UUID : TAG_HEX;
  let high = -1;
  for (let i = 0; i < text.length; i++) {
    if (uuid && isUuidDash(i)) continue;
    const d = hexDigit(text.charCodeAt(i));
    if (high < 0) high = d;
    else {
      buffer[at++] = (high << 4) | d;
      high = -1;
    }
  }
  return at - offset;
}

const HEX = '0123456789abcdef';

/** The hex id written at [start, end). */
export function readHexId(buffer: Uint8Array, start: number, end: number): string {
  const uuid = buffer[start] === TAG_UUID;
  let out = '';
  for (let at = start + 1, k = 0; at < end; at++, k++) {
    if (uuid && (k === 4 || k === 6 || k === 8 || k === 10)) out += '-';
    const b = buffer[at] as number;
    out += HEX[b >>> 4]! + HEX[b & 0xf]!;
  }
  return out;
}
