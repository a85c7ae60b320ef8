import { useLayoutEffect, useMemo, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { OnChangeFn, VisibilityState } from '@tanstack/react-table';
import { hiddenToFit, type Column } from './columns';

type Size = { width: number; height: number };

/**
 * Where a table's first render starts (its columns' fit, its rows in view): its own scroller's last size
 * (by view key) while the frame is as wide as then, else the last table's width and the tallest scroller
 * seen at that width. List screens share one frame, but a short list's scroller is only as tall as its
 * rows: a long one started from it rendered its rows again once measured.
 */
const sizes = new Map<string, Size>();
let lastSize: Size | null = null;
export function startingSize(key?: string): Size | null {
  const own = key === undefined ? undefined : sizes.get(key);
  return own && own.width === lastSize?.width ? own : lastSize;
}
export function keepSize(key: string | undefined, size: Size): void {
  if (key !== undefined) sizes.set(key, size);
  lastSize = lastSize?.width === size.width ? { width: size.width, height: Math.max(lastSize.height, size.height) } : size;
}

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
  /** The table's view key: its size is kept under it for its next first render. */
  sizeKey?: string,
) {
  // From the width it had, or the last table's: when it is right, the measure below changes nothing (no second render).
  const [available, setAvailable] = useState<number | null>(() => startingSize(sizeKey)?.width ?? null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => {
      keepSize(sizeKey, { width: el.clientWidth, height: el.clientHeight });
      setAvailable(el.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef, sizeKey]);
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
