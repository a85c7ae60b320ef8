/**
 * Forms open with unsaved changes. While there is one, the page's beforeunload handler prevents the
 * unload, and main asks "Discard changes?" before the window closes or reloads (main/app/unload-guard).
 * Inside the app a dirty form is a modal dialog, which asks on Escape, backdrop and Cancel itself.
 */
const unsaved = new Set<symbol>();
let listening = false;

export function setUnsaved(form: symbol, dirty: boolean): void {
  if (dirty) unsaved.add(form);
  else unsaved.delete(form);
  if (!listening) {
    listening = true;
    window.addEventListener('beforeunload', (event) => {
      if (unsaved.size === 0) return;
      event.preventDefault();
      // Chromium still asks for returnValue to be set.
      event.returnValue = '';
    });
  }
}
