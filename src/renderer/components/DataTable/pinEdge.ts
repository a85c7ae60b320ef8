import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** The space a cell keeps at its end (the cells' own horizontal padding, spacingHorizontalS). */
const CELL_PADDING = 8;

/**
 * The CSS that pads the column running under the pinned columns (row actions) while the table scrolls
 * sideways, so that its text ends in an ellipsis at their edge instead of being cut under them; ''
 * when no column runs under them. Reads the header row's layout.
 */
export function pinEdgeCss(scroller: HTMLElement, scope: string): string {
  const head = scroller.querySelector('thead tr');
  if (!head) return '';
  const cells = [...head.children] as HTMLElement[];
  const pinned = cells.filter((th) => th.dataset.pin !== undefined).reduce((sum, th) => sum + th.getBoundingClientRect().width, 0);
  if (pinned === 0) return '';
  const edge = scroller.getBoundingClientRect().left + scroller.clientLeft + scroller.clientWidth - pinned;
  const under = cells.find((th) => {
    const { left, right } = th.getBoundingClientRect();
    return th.dataset.pin === undefined && left < edge && right > edge + 1;
  });
  if (!under) return '';
  const pad = Math.round(under.getBoundingClientRect().right - edge) + CELL_PADDING;
  return `[data-pin-scope="${CSS.escape(scope)}"] tr > :nth-child(${cells.indexOf(under) + 1}) { padding-right: ${pad}px; }`;
}

/**
 * Keeps `style`'s text at pinEdgeCss for the scroller: when the columns' layout changes (`layoutKey`:
 * the columns shown and their widths) and on every sideways scroll or resize (a scroll bar that comes
 * with more rows is a resize). Not after every render: each read forces a layout, and a search renders
 * the table several times while the columns stay as they are (table-layout is fixed: rows never move
 * a column). The style element is written directly, so scrolling renders nothing.
 */
export function usePinEdge(scroller: RefObject<HTMLElement | null>, style: RefObject<HTMLStyleElement | null>, scope: string, layoutKey: string): void {
  const update = () => {
    const el = scroller.current;
    const out = style.current;
    if (!el || !out) return;
    const css = pinEdgeCss(el, scope);
    if (out.textContent !== css) out.textContent = css;
  };
  // A column shown, hidden or resized moves the edge.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- update reads the refs when it runs; the key is what moves the edge
  useLayoutEffect(update, [layoutKey]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    el.addEventListener('scroll', later, { passive: true });
    const observer = new ResizeObserver(later);
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', later);
      observer.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update reads the refs when it runs
  }, [scroller, style, scope]);
}
