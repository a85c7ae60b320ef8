import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../shared/history';
import { changeLine, fieldChanges, fieldLabel } from './change-text';

const names: Record<string, string> = { '118646f5-aaaa-bbbb-cccc-000000000001': 'Dairy', '118646f5-aaaa-bbbb-cccc-000000000002': 'Poultry' };
const nameOf = (id: string) => names[id];

const row = (before: Record<string, unknown> | null, after: Record<string, unknown>, extra: Partial<HistoryRow> = {}): HistoryRow =>
  ({
    id: 'h1', at: 0, who: null, server: 's', call: 'questionBank.updateQuestion', method: 'PUT', screen: 'Question Bank',
    record: { id: 'q1', label: 'Which breed?' }, before, after, answer: { ok: true, message: 'ok' }, undo: null, undone: false, lost: [], ...extra,
  }) as HistoryRow;

describe('History change text', () => {
  it('names what an id points at instead of the raw id, with the field as a label', () => {
    const r = row({ _id: 'q1', categoryId: '118646f5-aaaa-bbbb-cccc-000000000001' }, { _id: 'q1', categoryId: '118646f5-aaaa-bbbb-cccc-000000000002' });
    expect(changeLine(r, nameOf)).toBe('Category: Dairy → Poultry');
  });

  it("shows a question's options as their texts, the correct ones marked, not cut JSON", () => {
    const before = { options: [{ option: 'Gir', isTrue: true }, { option: 'Sahiwal', isTrue: false }] };
    const after = { options: [{ option: 'Gir', isTrue: false }, { option: 'Sahiwal', isTrue: true }] };
    expect(fieldChanges(row(before, after), nameOf)).toEqual([{ key: 'options', label: 'Options', before: 'Gir (correct), Sahiwal', after: 'Gir, Sahiwal (correct)' }]);
    expect(changeLine(row(before, after), nameOf)).not.toContain('{');
  });

  it('cuts long values in the line and keeps them whole in the full text', () => {
    const long = 'A question that goes on and on about the many breeds of cattle in India';
    const r = row({ question: 'Short' }, { question: long });
    expect(changeLine(r, nameOf)).toBe(`Question: Short → ${long.slice(0, 39)}…`);
    expect(changeLine(r, nameOf, true)).toBe(`Question: Short → ${long}`);
  });

  it('labels fields in plain words', () => {
    expect(fieldLabel('modulesSkippable')).toBe('Modules skippable');
    expect(fieldLabel('businessIdeas')).toBe('Business ideas');
    expect(fieldLabel('categoryId')).toBe('Category');
  });

  it('says Added, Deleted and Undo as before', () => {
    expect(changeLine(row(null, { question: 'New' }), nameOf)).toBe('Added (Question)');
    expect(changeLine(row({ a: 1 }, {}, { method: 'DELETE' }), nameOf)).toBe('Deleted');
    expect(changeLine(row({ level: 1 }, { level: 2 }, { undoOf: 'h0' }), nameOf)).toBe('Undo: Level: 1 → 2');
  });
});
