import { describe, expect, it } from 'vitest';
import { sortIndices } from '../../lib/rows';
import { accessorsOf, headerText, pinnedLast, sortAccessorsOf, type Column } from './columns';

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
