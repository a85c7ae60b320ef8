import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MomentDraftSchema } from './schemas/library';
import { readViewText } from './named-views';
import { installPlainMessages, issueSentence } from './plain-issues';

describe('plain validation messages', () => {
  it("names the field and says the rule in words, never valibot's own text", () => {
    const parsed = v.safeParse(v.object({ pageSize: v.pipe(v.number(), v.minValue(1)) }), { pageSize: -5 });
    expect(parsed.success).toBe(false);
    expect(issueSentence(parsed.issues![0])).toBe('Page size: too small: at least 1.');
    const missing = v.safeParse(v.object({ format: v.literal('x') }), {});
    expect(issueSentence(missing.issues![0])).toBe('Format: this is missing.');
  });

  it("keeps the spec's texts as they are", () => {
    const parsed = v.safeParse(v.object({ name: v.pipe(v.string(), v.nonEmpty('Enter a new Question!')) }), { name: '' });
    expect(issueSentence(parsed.issues![0])).toBe('Enter a new Question!');
  });

  it('a .json file that is not a view says so, not "Invalid key"', () => {
    const read = readViewText(JSON.stringify({ name: 'my settings' }));
    expect(read).toEqual({ ok: false, message: 'This is not a Content Console view.' });
  });

  describe('installed as the default messages (the renderer)', () => {
    beforeAll(() => installPlainMessages());
    afterAll(() => v.deleteGlobalMessage());
    it("Add Moment's too long description reads as a plain sentence", () => {
      const parsed = v.safeParse(MomentDraftSchema, { timestamp: '00:00:10', description: 'x'.repeat(10_000), transcript: 'ok' });
      expect(parsed.issues?.[0]?.message).not.toMatch(/Invalid/);
      expect(parsed.issues?.[0]?.message).toMatch(/at most 1,000 characters/);
    });
  });
});
