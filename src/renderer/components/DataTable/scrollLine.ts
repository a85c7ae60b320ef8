/**
 * Scrolls a table's scroller so that line `index` (lines `rowHeight` high from the top of the body,
 * under a sticky header) is in view, the least distance, as a wheel would.
 *
 * Keyboard moves use this rather than the virtualizer's `scrollToIndex`: that is a command TanStack
 * Virtual settles over several frames, and under load the settling of End's far scroll could outlive a
 * Home pressed just after it and leave the view at the end, the first line never rendered (the flake
 * of treetable.spec.ts in CI). A write to the element is done when it returns.
 */
export function scrollLineIntoView(scroller: HTMLElement | null, index: number, rowHeight: number): void {
  if (!scroller) return;
  const view = scroller.clientHeight - (scroller.querySelector('thead')?.offsetHeight ?? 0);
  const top = index * rowHeight;
  if (top < scroller.scrollTop) scroller.scrollTop = top;
  else if (top + rowHeight > scroller.scrollTop + view) scroller.scrollTop = top + rowHeight - view;
}
