import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_LocationContext } from 'react-router-dom';
import { selectionOf } from '../../lib/open-record';

interface SelectedRowInput {
  /** The table's search: set to the record's key so its row shows. */
  query: string;
  setQuery: (text: string) => void;
  clearFilters: () => void;
  /** The page's rows are the current search's (not still loading). */
  settled: boolean;
  /** The position on the page of the row with this id, or -1. */
  positionOf: (id: string) => number;
  moveTo: (pos: number) => void;
}

/**
 * A record opened from elsewhere (Find anything, History: lib/open-record): the table searches for its
 * key, then focuses its row and scrolls to it. Once per navigation; typing something else forgets it.
 */
export function useSelectedRow({ query, setQuery, clearFilters, settled, positionOf, moveTo }: SelectedRowInput): void {
  // Outside a router (component tests) there is no navigation to read.
  const location = useContext(UNSAFE_LocationContext)?.location;
  const pending = useRef<{ key: string; id: string | null; applied: boolean } | null>(null);
  const handled = useRef<string | null>(null);
  const target = selectionOf(location?.state);
  const navigation = location?.key ?? null;
  useEffect(() => {
    if (!target || handled.current === navigation) return;
    handled.current = navigation;
    pending.current = { ...target, applied: false };
    clearFilters();
    setQuery(target.key);
  });
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    if (query !== wanted.key) {
      // Once the search showed the key, another text is the person's: the selection is forgotten.
      if (wanted.applied) pending.current = null;
      return;
    }
    wanted.applied = true;
    if (!settled) return;
    const pos = wanted.id === null ? 0 : positionOf(wanted.id);
    if (pos < 0) return;
    pending.current = null;
    moveTo(pos);
  });
}
