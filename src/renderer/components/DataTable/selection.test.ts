import { describe, expect, it } from 'vitest';
import { emptySelection, isSelected, prune, range, selectAllMatching, selectedCount, setRows, toggle, viewState, type Keyed } from './selection';

const view: Keyed<{ n: number }>[] = Array.from({ length: 6 }, (_, n) => ({ key: `k${n}`, row: { n } }));
const keys = (s: ReturnType<typeof emptySelection<{ n: number }>>) => [...s.rows.keys()].sort();

describe('selection', () => {
  it('toggles a row and keeps it across views (paging)', () => {
    let s = toggle(emptySelection<{ n: number }>(), view[1]!);
    expect(isSelected(s, 'k1')).toBe(true);
    expect(s.anchor).toBe('k1');
    // Another page's rows do not touch it.
    s = toggle(s, { key: 'p2', row: { n: 99 } });
    expect(keys(s)).toEqual(['k1', 'p2']);
    s = toggle(s, view[1]!);
    expect(keys(s)).toEqual(['p2']);
  });

  it('Shift-click selects the range from the anchor, either way; an unticked anchor unticks the range', () => {
    let s = toggle(emptySelection<{ n: number }>(), view[1]!);
    s = range(s, view, view[4]!);
    expect(keys(s)).toEqual(['k1', 'k2', 'k3', 'k4']);
    s = toggle(s, view[3]!); // unticks k3; the anchor is k3, unselected
    s = range(s, view, view[2]!);
    expect(keys(s)).toEqual(['k1', 'k4']);
    // Upward from a new anchor.
    s = toggle(s, view[5]!);
    s = range(s, view, view[3]!);
    expect(keys(s)).toEqual(['k1', 'k3', 'k4', 'k5']);
  });

  it('without an anchor in view a Shift-click is a toggle', () => {
    const s = range(toggle(emptySelection<{ n: number }>(), { key: 'elsewhere', row: { n: 9 } }), view, view[2]!);
    expect(keys(s)).toEqual(['elsewhere', 'k2']);
  });

  it('Ctrl+A (the view) and the header box state', () => {
    let s = setRows(emptySelection<{ n: number }>(), view.slice(0, 2), true);
    expect(viewState(s, view)).toBe('mixed');
    s = setRows(s, view, true);
    expect(viewState(s, view)).toBe(true);
    expect(selectedCount(s)).toBe(6);
    expect(viewState(setRows(s, view, false), view)).toBe(false);
  });

  it('select all N matching, less the rows unticked after', () => {
    let s = selectAllMatching(setRows(emptySelection<{ n: number }>(), view, true), 250);
    expect(selectedCount(s)).toBe(250);
    expect(isSelected(s, 'anything-matching')).toBe(true);
    s = toggle(s, view[0]!);
    expect(selectedCount(s)).toBe(249);
    expect(isSelected(s, 'k0')).toBe(false);
    expect([...s.all!.except]).toEqual(['k0']);
    s = toggle(s, view[0]!);
    expect(selectedCount(s)).toBe(250);
  });

  it('prunes rows gone from the list and takes the records as now shown; "all matching" keeps only exceptions still there', () => {
    const s = setRows(emptySelection<{ n: number }>(), view.slice(0, 3), true, 'k2');
    const changed = { n: 100 };
    const pruned = prune(s, (key) => (key === 'k2' ? undefined : key === 'k1' ? changed : view.find((k) => k.key === key)?.row));
    expect(keys(pruned)).toEqual(['k0', 'k1']);
    expect(pruned.rows.get('k1')).toBe(changed);
    expect(pruned.anchor).toBeNull();
    // Nothing changed: the same object (no re-render).
    expect(prune(pruned, (key) => pruned.rows.get(key))).toBe(pruned);
    const all = toggle(toggle(selectAllMatching(s, 40), view[0]!), view[1]!);
    const kept = prune(all, (key) => (key === 'k1' ? undefined : view.find((k) => k.key === key)?.row));
    expect([...kept.all!.except]).toEqual(['k0']);
    expect(prune(kept, (key) => view.find((k) => k.key === key)?.row)).toBe(kept);
  });
});

describe('rows that cannot be selected (a repeated id, a null the platform sent)', () => {
  const twin = { n: 9, $partial: [{ path: '_id', expected: 'an id no other record has', received: '"x"', kind: 'duplicate' as const }] };
  const nothing = { n: 10, $partial: [{ path: '', expected: 'a record', received: 'null' }] };
  const mixed: Keyed<{ n: number }>[] = [view[0]!, { key: 'twin', row: twin }, view[1]!, { key: 'null', row: nothing }];

  it('are never ticked: not by a click, a range, nor the page box; the page box counts only the others', () => {
    expect(isSelected(toggle(emptySelection<{ n: number }>(), mixed[1]!), 'twin')).toBe(false);
    const page = setRows(emptySelection<{ n: number }>(), mixed, true);
    expect(keys(page)).toEqual(['k0', 'k1']);
    expect(viewState(page, mixed)).toBe(true);
    expect(viewState(setRows(page, mixed, false), mixed)).toBe(false);
    const ranged = range(toggle(emptySelection<{ n: number }>(), mixed[0]!), mixed, mixed[3]!);
    expect(keys(ranged)).toEqual(['k0', 'k1']);
  });
});
