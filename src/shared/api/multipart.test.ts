import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { decodeMultipartFields, encodeMultipartField } from './multipart';

const schema = v.object({ level: v.number(), duration: v.optional(v.number()), title: v.string(), ok: v.boolean(), tags: v.array(v.string()) });

describe('multipart text fields', () => {
  it('reads numbers as decimal integers only', () => {
    expect(decodeMultipartFields(schema, { level: '3', duration: '0' })).toEqual({ level: 3, duration: 0 });
    expect(decodeMultipartFields(schema, { level: '-2' })).toEqual({ level: -2 });
    for (const text of ['0x10', '1e3', ' 7', '7 ', '', '1.5', '+1', '007', 'Infinity', 'NaN', '0b1', '1_000']) {
      expect(decodeMultipartFields(schema, { level: text }), text).toEqual({ level: text });
      expect(v.safeParse(schema, { ...decodeMultipartFields(schema, { level: text }), title: 't', ok: true, tags: [] }).success, text).toBe(false);
    }
  });

  it('round-trips what main encodes', () => {
    const fields = { level: 7, title: 'x', ok: false, tags: ['a', 'b'] };
    const text = Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, encodeMultipartField(value)!]));
    expect(decodeMultipartFields(schema, text)).toEqual(fields);
  });
});
