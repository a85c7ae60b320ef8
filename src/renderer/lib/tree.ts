// The tree pipeline of the TreeTable: which nodes show, in what order, at what depth. Pure, like the
// row pipeline; a tree of 10,000 nodes flattens in one pass over the expanded branches only.

export interface TreeAccess<T> {
  id: (node: T) => string;
  children: (node: T) => readonly T[] | undefined;
}

/** One visible line of a tree. */
export interface TreeLine<T> {
  node: T;
  id: string;
  /** 1 for the roots (aria-level). */
  level: number;
  /** The parent's id; null for a root. */
  parentId: string | null;
  hasChildren: boolean;
  expanded: boolean;
  /** Position among its siblings, from 1, and how many siblings (aria-posinset, aria-setsize). */
  posInSet: number;
  setSize: number;
}

/** The visible lines: every root, and the children of each expanded node, depth first. */
export function visibleLines<T>(roots: readonly T[], access: TreeAccess<T>, expanded: ReadonlySet<string>): TreeLine<T>[] {
  const out: TreeLine<T>[] = [];
  // An explicit stack: deep trees do not recurse.
  const stack: { nodes: readonly T[]; index: number; level: number; parentId: string | null }[] = [{ nodes: roots, index: 0, level: 1, parentId: null }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index >= top.nodes.length) {
      stack.pop();
      continue;
    }
    const node = top.nodes[top.index] as T;
    top.index += 1;
    const id = access.id(node);
    const children = access.children(node) ?? [];
    const open = children.length > 0 && expanded.has(id);
    out.push({ node, id, level: top.level, parentId: top.parentId, hasChildren: children.length > 0, expanded: open, posInSet: top.index, setSize: top.nodes.length });
    if (open) stack.push({ nodes: children, index: 0, level: top.level + 1, parentId: id });
  }
  return out;
}

/** Every node id that has children (Expand all). */
export function branchIds<T>(roots: readonly T[], access: TreeAccess<T>): Set<string> {
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop() as T;
    const children = access.children(node) ?? [];
    if (children.length > 0) {
      out.add(access.id(node));
      stack.push(...children);
    }
  }
  return out;
}

/** What a key does on the focused line (the treegrid keyboard model). */
export type TreeMove = { focus: number } | { toggle: string; open: boolean } | null;

/**
 * ArrowRight opens a closed branch, else goes to its first child; ArrowLeft closes an open branch,
 * else goes to the parent; ArrowUp/Down, Home/End and PageUp/PageDown move the focus.
 */
export function treeKey<T>(key: string, lines: readonly TreeLine<T>[], at: number, pageLines = 10): TreeMove {
  const line = lines[at];
  if (!line) return null;
  const last = lines.length - 1;
  switch (key) {
    case 'ArrowDown':
      return { focus: Math.min(last, at + 1) };
    case 'ArrowUp':
      return { focus: Math.max(0, at - 1) };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: last };
    case 'PageDown':
      return { focus: Math.min(last, at + pageLines) };
    case 'PageUp':
      return { focus: Math.max(0, at - pageLines) };
    case 'ArrowRight':
      if (line.hasChildren && !line.expanded) return { toggle: line.id, open: true };
      return line.expanded ? { focus: at + 1 } : null;
    case 'ArrowLeft': {
      if (line.expanded) return { toggle: line.id, open: false };
      if (line.parentId === null) return null;
      for (let i = at - 1; i >= 0; i--) if (lines[i]!.id === line.parentId) return { focus: i };
      return null;
    }
    default:
      return null;
  }
}
