/**
 * Fluent's focus manager (tabster) wraps its focus groups in guards: empty `<i>` elements, tabbable and
 * aria-hidden, that catch a Tab leaving the group. In two places no Tab ever needs them: a menu closes on
 * Tab and gives the focus back to its trigger (Fluent's MenuPopover handles the key, and the menu list
 * tells tabster to leave it alone), and a toast holds nothing focusable here. There the guards are only
 * tab stops that a screen reader is told do not exist (axe: aria-hidden-focus), so they leave the tab
 * order. The guards around the whole app (the body's own) catch a Tab leaving the page for the browser's
 * own controls, which a desktop window does not have: tabster made them tabbable with the focus inside the
 * app (the login form's Email field), so they leave the tab order too.
 */
const GUARD = '[data-tabster-dummy]';
const NO_TAB_NEEDED = '[role="menu"], [data-toaster-position]';

function untab(el: Element): void {
  if (!(el instanceof HTMLElement) || !el.matches(GUARD) || el.tabIndex === -1) return;
  if (el.parentElement === el.ownerDocument.body || el.parentElement?.closest(NO_TAB_NEEDED)) el.tabIndex = -1;
}

/** Watches the document from now on; returns the function that stops it. */
export function untabUnneededGuards(doc: Document = document): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        untab(record.target as Element);
        continue;
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        untab(node);
        for (const guard of node.querySelectorAll(GUARD)) untab(guard);
      }
    }
  });
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex'] });
  return () => observer.disconnect();
}
