import { useEffect, type RefObject } from 'react';

// Where the focus goes as screens open and controls go away: on the screen's heading, never left on
// the page's body (where Fluent's tab guards around the app are tabbable).

/**
 * A dialog has the keys while it is open (its own Escape, its fields' Ctrl+F). An open dialog holds the
 * focus; one fading out after closing does not (focus is back at its opener), so it no longer counts.
 */
export const dialogOpen = () => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null;

/**
 * A screen, once opened (from the sidebar, the palette, a link, or the app starting on it), takes the
 * focus at its heading: a keyboard user goes on from the screen, not from the sidebar entry, a screen
 * reader announces it, and the focus never rests on the page's body (where Fluent's tab guards around the
 * app stay tabbable). A screen that already holds the focus, or a dialog opened meanwhile, keeps it.
 */
export function useFocusScreen(pathname: string, main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const started = performance.now();
    // What had the focus when the screen was chosen (the sidebar link, the page after a reload): once
    // the person has moved on from it (opened a menu, a dialog, clicked a field), the screen leaves the
    // focus where they put it.
    const chosenFrom = document.activeElement;
    let frame = 0;
    const attempt = () => {
      const region = main.current;
      if (!region || dialogOpen()) return;
      const active = document.activeElement;
      if (active && active !== region && region.contains(active)) return;
      if (active && active !== document.body && active !== chosenFrom) return;
      // A lazy screen shows a spinner first: wait for its heading a little while. Until it comes, React
      // keeps the screen before it hidden (display: none) under the spinner: its heading is not the one.
      const heading = [...region.querySelectorAll<HTMLElement>('h1')].find((h) => h.getClientRects().length > 0);
      if (!heading && performance.now() - started < 3000) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      const target = heading ?? region;
      target.tabIndex = -1;
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

/**
 * A focused control that goes away (a button replaced when the queue finishes, one disabled while its
 * work runs) drops the focus to the page's body, where Fluent's tab guards around the app are tabbable
 * and a keyboard user starts again from the top: the screen's heading takes it instead. A click on an
 * empty spot leaves the focus where the person put it.
 */
export function useKeepFocus(main: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let last: HTMLElement | null = null;
    // Only a screen's own buttons and its heading (drawn again when the screen's data arrives): a table
    // puts the focus back on its row itself, and a dialog keeps the focus inside it.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const watched = target instanceof HTMLButtonElement || target instanceof HTMLHeadingElement;
      last = watched && main.current?.contains(target) ? target : null;
    };
    let frame = 0;
    // Removing or disabling the focused element fires no focus event everywhere: watch the page change.
    const observer = new MutationObserver(() => {
      if (!last || (last.isConnected && !last.matches(':disabled'))) return;
      const lost = last;
      last = null;
      cancelAnimationFrame(frame);
      // A frame later: whatever puts the focus back on its own (a menu, a row) has done so by then.
      frame = requestAnimationFrame(() => {
        const region = main.current;
        if (!region || document.activeElement !== document.body || !document.hasFocus()) return;
        if (document.querySelector('[role="dialog"], [role="alertdialog"]') || lost.closest('[role="dialog"], [role="alertdialog"]')) return;
        const target = region.querySelector<HTMLElement>('h1') ?? region;
        target.tabIndex = -1;
        target.focus({ preventScroll: true });
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [main]);
}
