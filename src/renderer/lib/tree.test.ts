import { describe, expect, it } from 'vitest';
import { branchIds, treeKey, visibleLines, type TreeAccess } from './tree';

interface Node {
  id: string;
  children?: Node[];
}
const tree: Node[] = [
  { id: 'a', children: [{ id: 'a1' }, { id: 'a2', children: [{ id: 'a2x' }] }] },
  { id: 'b' },
  { id: 'c', children: [{ id: 'c1' }] },
];
const access: TreeAccess<Node> = { id: (n) => n.id, children: (n) => n.children };
const ids = (open: string[]) => visibleLines(tree, access, new Set(open)).map((l) => l.id);

describe('visibleLines', () => {
  it('shows the roots; an expanded node shows its children right under it, depth first', () => {
    expect(ids([])).toEqual(['a', 'b', 'c']);
    expect(ids(['a'])).toEqual(['a', 'a1', 'a2', 'b', 'c']);
    expect(ids(['a', 'a2', 'c'])).toEqual(['a', 'a1', 'a2', 'a2x', 'b', 'c', 'c1']);
    // An expanded node under a collapsed one stays hidden.
    expect(ids(['a2'])).toEqual(['a', 'b', 'c']);
  });

  it('gives each line its level, parent, set position and branch state', () => {
    const lines = visibleLines(tree, access, new Set(['a', 'a2']));
    const a2x = lines.find((l) => l.id === 'a2x')!;
    expect(a2x).toMatchObject({ level: 3, parentId: 'a2', hasChildren: false, expanded: false, posInSet: 1, setSize: 1 });
    expect(lines.find((l) => l.id === 'a2')).toMatchObject({ level: 2, posInSet: 2, setSize: 2, hasChildren: true, expanded: true });
    expect(lines.find((l) => l.id === 'c')).toMatchObject({ level: 1, posInSet: 3, setSize: 3, hasChildren: true, expanded: false });
  });

  it('flattens 10,000 nodes fully expanded', () => {
    const big: Node[] = Array.from({ length: 100 }, (_, r) => ({
      id: `r${r}`,
      children: Array.from({ length: 9 }, (_, c) => ({ id: `r${r}c${c}`, children: Array.from({ length: 10 }, (_, l) => ({ id: `r${r}c${c}l${l}` })) })),
    }));
    const all = branchIds(big, access);
    expect(all.size).toBe(1000);
    const lines = visibleLines(big, access, all);
    expect(lines).toHaveLength(10_000);
    expect(lines.at(-1)?.id).toBe('r99c8l9');
  });
});

describe('treeKey', () => {
  const lines = visibleLines(tree, access, new Set(['a']));
  // a, a1, a2, b, c
  it('ArrowRight opens a closed branch, then moves to its first child', () => {
    expect(treeKey('ArrowRight', lines, 2)).toEqual({ toggle: 'a2', open: true });
    expect(treeKey('ArrowRight', lines, 0)).toEqual({ focus: 1 });
    expect(treeKey('ArrowRight', lines, 1)).toBeNull();
  });

  it('ArrowLeft closes an open branch, else goes to the parent', () => {
    expect(treeKey('ArrowLeft', lines, 0)).toEqual({ toggle: 'a', open: false });
    expect(treeKey('ArrowLeft', lines, 2)).toEqual({ focus: 0 });
    expect(treeKey('ArrowLeft', lines, 3)).toBeNull();
  });

  it('moves the focus within bounds', () => {
    expect(treeKey('ArrowDown', lines, 4)).toEqual({ focus: 4 });
    expect(treeKey('ArrowUp', lines, 0)).toEqual({ focus: 0 });
    expect(treeKey('End', lines, 1)).toEqual({ focus: 4 });
    expect(treeKey('Home', lines, 3)).toEqual({ focus: 0 });
    expect(treeKey('PageDown', lines, 0, 3)).toEqual({ focus: 3 });
    expect(treeKey('x', lines, 0)).toBeNull();
  });
});
