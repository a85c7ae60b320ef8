import { describe, expect, it } from 'vitest';
import { orderChanges } from './OrderConflictDialog';

const item = (id: string) => ({ id, label: `Topic ${id}` });

describe('orderChanges', () => {
  it('marks what moved among the records both orders hold, what is new, and what is gone', () => {
    const changes = orderChanges({ started: ['a', 'b', 'c', 'd'].map(item), now: ['b', 'a', 'c', 'e'].map(item) });
    expect(changes.now.map((i) => `${i.id}:${i.mark ?? ''}`)).toEqual(['b:moved', 'a:moved', 'c:', 'e:new']);
    expect(changes.gone).toEqual(['Topic d']);
  });

  it('marks nothing when only an item came or went around an unchanged order', () => {
    const changes = orderChanges({ started: ['a', 'b'].map(item), now: ['a', 'x', 'b'].map(item) });
    expect(changes.now.map((i) => i.mark)).toEqual([null, 'new', null]);
    expect(changes.gone).toEqual([]);
  });
});
