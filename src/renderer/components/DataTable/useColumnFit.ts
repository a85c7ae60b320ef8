import { useLayoutEffect, useMemo, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { OnChangeFn, VisibilityState } from '@tanstack/react-table';
import { hiddenToFit, type Column } from './columns';

/** The size of the last table's scroller (list screens share one frame): where the next one starts (its columns' fit, its rows in view). */
let lastSize: { width: number; height: number } | null = null;
export const lastScrollerSize = () => lastSize;

/**
 * The columns that give way in a narrow table: the width the table has is measured, and columns with a
 * priority are hidden, the highest number first, when the others need the room. `columnVisibility`
 * holds only what the person chose in the View menu; `visibility` is what the table shows.
 */
export function useColumnFit<T>(
  scrollRef: RefObject<HTMLDivElement | null>,
  columns: readonly Column<T>[],
  columnVisibility: VisibilityState,
  setColumnVisibility: Dispatch<SetStateAction<VisibilityState>>,
  /** Width taken before the columns (the reorder handle). */
  lead: number,
) {
  // From the last table's width: when it is right, the measure below changes nothing (no second render).
  const [available, setAvailable] = useState<number | null>(lastSize?.width ?? null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      lastSize = { width: el.clientWidth, height: el.clientHeight };
      setAvailable(lastSize.width);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  const fitted = useMemo(
    () => (available === null ? [] : hiddenToFit(columns, columnVisibility, available, lead)),
    [columns, columnVisibility, available, lead],
  );
  const visibility = useMemo(() => ({ ...Object.fromEntries(fitted.map((id) => [id, false])), ...columnVisibility }), [fitted, columnVisibility]);
  // The View menu sets every column; only what the person changed becomes their choice, so a column
  // hidden to fit comes back by itself when the window grows.
  const onVisibility: OnChangeFn<VisibilityState> = (updater) =>
    setColumnVisibility((old) => {
      const next = typeof updater === 'function' ? updater({ ...Object.fromEntries(fitted.map((id) => [id, false])), ...old }) : updater;
      const shownBefore = (id: string) => old[id] ?? !fitted.includes(id);
      return Object.fromEntries(Object.entries(next).filter(([id, shown]) => old[id] !== undefined || shown !== shownBefore(id)));
    });
  return { fitted, visibility, onVisibility };
}
