import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { IdSchema, NUL_MESSAGE, boundedText, nulMessage } from './common';

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
