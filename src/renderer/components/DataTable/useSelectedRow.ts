import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_LocationContext } from 'react-router-dom';
import type { ColumnFiltersState } from '@tanstack/react-table';
import { selectionOf } from '../../lib/open-record';

interface SelectedRowInput {
  /** The table's search: set to the record's key so its row shows. */
  query: string;
  setQuery: (text: string) => void;
  /** The column filters, cleared so that the record shows (and put back on request). */
  filters: ColumnFiltersState;
  setFilters: (filters: ColumnFiltersState) => void;
  /** The page's rows are the current search's (not still loading). */
  settled: boolean;
  /** The position on the page of the row with this id, or -1. */
  positionOf: (id: string) => number;
  moveTo: (pos: number) => void;
}

/** The search a record opened from elsewhere set, and the search and filters it replaced. */
export interface ReplacedSearch {
  key: string;
  query: string;
  filters: ColumnFiltersState;
}

/**
 * A record opened from elsewhere (Find anything, History: lib/open-record): the table searches for its
 * key, then focuses its row and scrolls to it. Once per navigation; typing something else forgets it.
 * What it replaced is kept while its search stands, so the table can say so and put it back.
 */
export function useSelectedRow({ query, setQuery, filters, setFilters, settled, positionOf, moveTo }: SelectedRowInput): { replaced: ReplacedSearch | null; putBack: () => void } {
  const [replaced, setReplaced] = useState<ReplacedSearch | null>(null);
  // Outside a router (component tests) there is no navigation to read.
  const location = useContext(UNSAFE_LocationContext)?.location;
  const pending = useRef<{ key: string; id: string | null; applied: boolean } | null>(null);
  const handled = useRef<string | null>(null);
  const target = selectionOf(location?.state);
  const navigation = location?.key ?? null;
  // Runs after every render but acts once per navigation (`handled`), so its state update cannot repeat.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  useEffect(() => {
    if (!target || handled.current === navigation) return;
    handled.current = navigation;
    pending.current = { ...target, applied: false };
    setReplaced({ key: target.key, query, filters });
    setFilters([]);
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
  const shown = replaced && query === replaced.key ? replaced : null;
  const putBack = () => {
    if (!shown) return;
    setReplaced(null);
    setFilters(shown.filters);
    setQuery(shown.query);
  };
  return { replaced: shown, putBack };
}
