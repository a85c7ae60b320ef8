import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { IdSchema, INPUT_LIMITS, INPUT_TOO_DEEP, INPUT_TOO_LARGE, NUL_MESSAGE, boundedText, inputMessage, nulMessage } from './common';

describe('NUL characters', () => {
  it('names the field of the first text holding one, at any depth', () => {
    expect(nulMessage({ title: 'ok', options: [{ option: 'fine' }, { option: 'a\u0000b' }] })).toBe(`The field "options.1.option" ${NUL_MESSAGE}.`);
    expect(nulMessage({ ['k\u0000']: 1 })).toBe(`The field "k\u0000" ${NUL_MESSAGE}.`);
    expect(nulMessage('x\u0000')).toBe(`The input ${NUL_MESSAGE}.`);
    expect(nulMessage({ title: 'no nul here', n: 5, list: ['a', null] })).toBeNull();
  });

  it('the shared id and text schemas refuse one', () => {
    expect(v.safeParse(IdSchema, 'abc\u0000').success).toBe(false);
    expect(v.safeParse(boundedText(10), 'a\u0000').success).toBe(false);
    expect(v.safeParse(IdSchema, 'abc').success).toBe(true);
  });
});

/** `{ a: { a: ... } }`, `levels` objects deep, built without recursion. */
export function nested(levels: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

describe('input bounds', () => {
  it('refuses input nested deeper than the limit, at any depth, without overflowing the stack', () => {
    expect(inputMessage(nested(INPUT_LIMITS.depth - 1))).toBeNull();
    expect(inputMessage(nested(INPUT_LIMITS.depth + 1))).toBe('The input is nested too deeply (more than 32 levels).');
    // Far past what a recursive walk survives.
    expect(inputMessage(nested(1_000_000))).toBe('The input is nested too deeply (more than 32 levels).');
    expect(inputMessage({ list: [nested(100)] })).toBe(INPUT_TOO_DEEP);
  });

  it('refuses too many values or too much text', () => {
    expect(inputMessage({ ids: new Array(INPUT_LIMITS.values + 1).fill('id') })).toBe('The input is too large (more than 200,000 values or 16 MiB of text).');
    expect(inputMessage({ text: 'x'.repeat(INPUT_LIMITS.textChars + 1) })).toBe(INPUT_TOO_LARGE);
    expect(inputMessage({ ids: new Array(10_000).fill('id'), text: 'x'.repeat(100_000) })).toBeNull();
  });
});
