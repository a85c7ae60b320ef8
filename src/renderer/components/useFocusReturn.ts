import { useLayoutEffect, useRef } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';

// The elements that had the focus lately, newest last: a dialog may move the focus in before its
// opener is read, so the opener is the newest one outside the dialog.
// Each with the table it sat in: a table may render a cell anew (the control that opened a dialog is
// replaced by its twin as the dialog opens), and the twin is found there.
const recent: { el: HTMLElement; table: HTMLElement | null }[] = [];
// The control the focus was last given back to, while it keeps the focus.
let givenBack: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (e) => {
      if (e.target !== givenBack) givenBack = null;
      if (!(e.target instanceof HTMLElement)) return;
      recent.push({ el: e.target, table: e.target.closest<HTMLElement>('table') });
      if (recent.length > 20) recent.shift();
    },
    true,
  );
}

function openerOutside(surface: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  const candidates = [...(active instanceof HTMLElement ? [{ el: active, table: active.closest<HTMLElement>('table') }] : []), ...[...recent].reverse()];
  for (const { el, table } of candidates) {
    const found = el.isConnected ? el : twinOf(el, table)();
    if (found && found !== document.body && !surface?.contains(found)) return found;
  }
  return null;
}

/**
 * Whether the element has the focus because a closing dialog gave it back (not because a person moved
 * it there): tooltips stay closed then, or one would cover the row above.
 */
export const focusGivenBack = (el: EventTarget | null): boolean => el !== null && el === givenBack && document.activeElement === el;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The screen's heading (focusable from the shell): where the focus goes when nothing nearer is left. */
const screenHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('main h1[tabindex]');

/** A control's name as the page gives it: its aria-label, else its text. */
const nameOf = (el: Element): string => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

/**
 * The opener rendered anew (a table re-creates a row's cells when its columns change): the control of
 * the same kind and name in the same table.
 */
function twinOf(opener: HTMLElement, table = opener.closest<HTMLElement>('table')): () => HTMLElement | null {
  const name = nameOf(opener);
  const role = opener.getAttribute('role');
  if (!name || !table) return () => null;
  const same = (el: Element): el is HTMLElement => el instanceof HTMLElement && el !== opener && el.tagName === opener.tagName && el.getAttribute('role') === role && nameOf(el) === name;
  return () => (table.isConnected ? ([...table.querySelectorAll(opener.tagName)].find(same) ?? null) : null);
}

/** The newest control that had the focus and is still on the page, outside every dialog. */
function lastOutsideDialogs(): HTMLElement | null {
  for (const { el } of [...recent].reverse()) if (el.isConnected && el !== document.body && !el.closest(DIALOG)) return el;
  return null;
}

/**
 * Where focus goes when the opener is gone (a deleted row's button, a deleted entry's Delete): the row now
 * at its place; in a list (an accordion, a list of items), the first control of the item now at its place;
 * else the screen's heading. Never the page's body.
 */
function fallbackFor(opener: HTMLElement): () => HTMLElement | null {
  const row = opener.closest<HTMLElement>('tr[data-pos]');
  const region = row?.closest<HTMLElement>('[role="region"]');
  if (row && region) {
    const pos = Number(row.dataset.pos);
    return () => {
      const rows = [...region.querySelectorAll<HTMLElement>('tbody tr[data-pos]')];
      if (rows.length === 0) return region;
      return rows.find((r) => Number(r.dataset.pos) === pos) ?? rows[rows.length - 1] ?? region;
    };
  }
  // An opener inside another dialog (a Remove inside a form): the focus stays in that dialog.
  const dialog = opener.closest<HTMLElement>(DIALOG);
  // That dialog gone too (a form whose Apply opened a progress dialog): the control used last outside any
  // dialog (a row's check box), else the screen's heading.
  if (dialog) return () => (dialog.isConnected ? (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? null) : (lastOutsideDialogs() ?? screenHeading()));
  const item = opener.closest<HTMLElement>('.fui-AccordionItem, li');
  const list = item?.parentElement;
  const index = item && list ? [...list.children].indexOf(item) : -1;
  return () => {
    if (list?.isConnected) {
      const items = [...list.children];
      const near = items[Math.min(index, items.length - 1)];
      const control = near?.querySelector<HTMLElement>(FOCUSABLE);
      if (control) return control;
    }
    return screenHeading();
  };
}

/**
 * Gives the focus back to the control that opened a dialog when it closes (Fluent only does that for
 * a DialogTrigger; ours are opened from rows, menus and shortcuts). Runs after the close: when another
 * dialog took the focus meanwhile (a question that leads to an editor), it stays there.
 */
export function useFocusReturn(open: boolean, surface: React.RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Fluent moves the focus into the dialog (a passive effect).
  useLayoutEffect(() => {
    if (!open) return;
    const own = surface.current;
    opener.current = openerOutside(own);
    const from = opener.current;
    const fallback = from ? fallbackFor(from) : screenHeading;
    const twin = from ? twinOf(from) : () => null;
    return () => {
      // Wait until the closing surface has left the page (Fluent animates it out and keeps the focus
      // inside a modal while it is there), then give the focus back.
      let tries = 0;
      const restore = () => {
        if (own?.isConnected && tries++ < 40) {
          window.setTimeout(restore, 25);
          return;
        }
        const now = document.activeElement;
        const elsewhere = now instanceof HTMLElement && now !== document.body && !own?.contains(now) && now.isConnected;
        // Another dialog (or anything outside this one) has the focus: leave it there.
        if (elsewhere && (now.closest(DIALOG) || now !== from)) return;
        const target = from?.isConnected ? from : (twin() ?? fallback());
        givenBack = target;
        target?.focus();
      };
      window.setTimeout(restore, 0);
    };
  }, [open, surface]);
}
