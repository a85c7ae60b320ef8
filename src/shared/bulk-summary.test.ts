import { describe, expect, it } from 'vitest';
import { bulkBlockedText, bulkSummary, bulkSummaryCsv } from './bulk-summary';
import { BULK_TEXT, defaultMeta, type BulkItemView } from './schemas/bulk';

const item = (over: Partial<BulkItemView>): BulkItemView => ({
  id: 'i', file: { name: 'a.mp4', size: 10, folder: '/v' }, thumbnail: null, fileType: 'video', duration: 0, probe: 'ok', warnings: [], verdict: null, held: false, captions: [],
  meta: defaultMeta('a.mp4'), state: 'waiting', issues: {}, duplicate: null, attempts: 0, lastError: null, sent: 0,
  percent: 0, rate: 0, recordId: null, retryAt: null, ...over,
});

describe('bulkSummary', () => {
  const items = [
    item({ id: '1', state: 'done', recordId: 'rec-1', attempts: 1, meta: { ...defaultMeta('a.mp4'), title: 'Dairy, part "1"' } }),
    item({ id: '2', state: 'failed', lastError: 'Some of the chosen groups do not exist.', attempts: 1, file: { name: 'b.mp4', size: 5, folder: '/v' } }),
    item({ id: '3', state: 'cancelled' }),
    item({ id: '4', state: 'changed-or-missing' }),
    item({ id: '5', state: 'invalid', issues: { description: 'Description is mandatory' } }),
    item({ id: '6', state: 'waiting', duplicate: { kind: 'library', title: 'a', id: 'x', reason: 'title' } }),
  ];

  it('counts uploaded, failed with reasons, those needing attention and skipped, with why', () => {
    const summary = bulkSummary(items);
    // Held, invalid or missing items wait for the person: they need attention; only the cancelled one was skipped.
    expect([summary.uploaded, summary.failed, summary.attention, summary.skipped]).toEqual([1, 1, 3, 1]);
    expect(summary.rows.map((r) => r.outcome)).toEqual(['uploaded', 'failed', 'skipped', 'needs attention', 'needs attention', 'needs attention']);
    expect(summary.rows.map((r) => r.reason)).toEqual([
      '', 'Some of the chosen groups do not exist.', 'Cancelled', BULK_TEXT.changedOrMissing, 'Description is mandatory',
      BULK_TEXT.duplicateTitle('a'),
    ]);
  });

  it('writes CSV that a parser reads back to the same fields', () => {
    const csv = bulkSummaryCsv(bulkSummary(items));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"Outcome","File","Folder","Size (bytes)","Title","Record id","Reason","Attempts"');
    expect(lines[1]).toBe('"uploaded","a.mp4","/v",10,"Dairy, part ""1""","rec-1","",1');
    expect(lines[2]).toBe('"failed","b.mp4","/v",5,"a","","Some of the chosen groups do not exist.",1');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(items.length + 2);
  });
});

describe('bulkBlockedText (after Start)', () => {
  it('says what keeps items from starting, by why; nothing when nothing is held', () => {
    expect(bulkBlockedText([item({ state: 'waiting' }), item({ state: 'done' })])).toBeNull();
    expect(bulkBlockedText([item({ state: 'invalid' }), item({ state: 'invalid' })])).toBe(
      'Nothing can start: 2 items need attention: 2 with fields to fill or fix.',
    );
    expect(
      bulkBlockedText([
        item({ state: 'waiting' }),
        item({ state: 'waiting', duplicate: { kind: 'queue', title: 'a', id: 'x', reason: 'content' } }),
        item({ state: 'changed-or-missing' }),
      ]),
    ).toBe('1 file uploads; 2 cannot start yet: 1 held as possible duplicates (keep or skip them), 1 whose files changed or went (choose them again).');
  });

  it('counts a file not playable by its verdict even when it is also a copy (never as a duplicate to keep)', () => {
    const copy = { kind: 'library' as const, title: 'a', id: 'x', reason: 'content' as const };
    expect(bulkBlockedText([item({ state: 'waiting', held: true, duplicate: copy })])).toBe(
      'Nothing can start: 1 item needs attention: 1 held as not playable (remove them, or choose Send anyway).',
    );
  });
});
