import { describe, expect, it } from 'vitest';
import { sortIndices } from '../../lib/rows';
import { accessorsOf, headerText, hiddenToFit, pinnedLast, sortAccessorsOf, type Column } from './columns';

interface Row {
  d: string;
}
const rows: Row[] = [{ d: 'Hard' }, { d: 'Easy' }, { d: '' }, { d: 'Medium' }, { d: 'Odd' }, { d: 'Easy' }];

describe('sortAccessorsOf', () => {
  it('sorts an enum column by its sortOrder; unknown values after, empty ones last', () => {
    const columns: Column<Row>[] = [{ accessorKey: 'd', header: 'D', meta: { sortOrder: ['Easy', 'Medium', 'Hard'] } }];
    const get = sortAccessorsOf(columns, accessorsOf(columns)).get('d')!;
    expect(sortIndices(rows, get, false).map((i) => rows[i]!.d)).toEqual(['Easy', 'Easy', 'Medium', 'Hard', 'Odd', '']);
    expect(sortIndices(rows, get, true).map((i) => rows[i]!.d)).toEqual(['Odd', 'Hard', 'Medium', 'Easy', 'Easy', '']);
  });
  it('leaves other columns to their values (alphabetical here)', () => {
    const columns: Column<Row>[] = [{ accessorKey: 'd', header: 'D' }];
    const get = sortAccessorsOf(columns, accessorsOf(columns)).get('d')!;
    expect(sortIndices(rows, get, false).map((i) => rows[i]!.d)).toEqual(['Easy', 'Easy', 'Hard', 'Medium', 'Odd', '']);
  });
});

describe('pinnedLast', () => {
  it('moves pinned columns to the end, each group in its own order', () => {
    const col = (id: string, pin?: 'end'): Column<Row> => ({ id, header: id, meta: pin ? { pin } : {} });
    expect(pinnedLast([col('edit', 'end'), col('a'), col('b'), col('delete', 'end'), col('c')]).map((c) => c.id)).toEqual(['a', 'b', 'c', 'edit', 'delete']);
  });
});

describe('headerText', () => {
  it('names a column whose header is drawn (two lines, an icon) by its words, never by its id', () => {
    expect(headerText<Row>({ id: 'planType', header: () => 'Pricing Plan Type', meta: { label: 'Pricing Plan Type' } })).toBe('Pricing Plan Type');
    expect(headerText<Row>({ id: 'edit', header: () => 'Edit', meta: { action: { text: 'Edit', label: () => 'Edit', run: () => undefined } } })).toBe('Edit');
    expect(headerText<Row>({ id: 'd', header: 'D' })).toBe('D');
  });
});

describe('hiddenToFit', () => {
  const col = (id: string, meta: Column<Row>['meta']): Column<Row> => ({ id, header: id, meta });
  // 100 + 300 (least) + 120 + 140 (default least) + 56 = 716 px.
  const columns: Column<Row>[] = [
    col('id', { width: 100, priority: 2 }),
    col('text', { minWidth: 300 }),
    col('count', { width: 120, priority: 1 }),
    col('added', { priority: 2 }),
    col('edit', { width: 56, pin: 'end' }),
  ];
  it('hides nothing when the columns fit', () => {
    expect(hiddenToFit(columns, {}, 716)).toEqual([]);
  });
  it('hides the highest priority number first, the rightmost first among equals, until the rest fits', () => {
    expect(hiddenToFit(columns, {}, 600)).toEqual(['added']);
    expect(hiddenToFit(columns, {}, 500)).toEqual(['added', 'id']);
    expect(hiddenToFit(columns, {}, 400)).toEqual(['added', 'id', 'count']);
  });
  it('never hides a column without a priority, even when the rest still does not fit', () => {
    expect(hiddenToFit(columns, {}, 100)).toEqual(['added', 'id', 'count']);
  });
  it("leaves a person's choices alone: a column shown in the View menu stays, one hidden there no longer counts", () => {
    expect(hiddenToFit(columns, { added: true }, 616)).toEqual(['id']);
    expect(hiddenToFit(columns, { added: false }, 600)).toEqual([]);
  });
  it('counts a leading column (a drag handle)', () => {
    expect(hiddenToFit(columns, {}, 716, 44)).toEqual(['added']);
  });
});
