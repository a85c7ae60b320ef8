/**
 * The set-up of the renderer's component tests (vitest project 'components', jsdom).
 *
 * jsdom has a DOM but no layout: every box measures 0 x 0 and nothing resizes. The DataTable draws only
 * the rows that fit its scroller (TanStack Virtual), so with no height it would draw none. These
 * stand-ins give every element one fixed box and the few browser APIs jsdom leaves out; nothing of the
 * components themselves is replaced.
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installPlainMessages } from '../../shared/plain-issues';

// As the app starts (main.tsx): a rule without a text of its own says itself in plain words.
installPlainMessages();

const BOX = { width: 1024, height: 640 };

// Testing Library unmounts after each test only when vitest's globals are on; they are off here.
afterEach(() => cleanup());
// findBy and waitFor wait up to 5 s (1 s by default): a busy two-core machine can take longer than 1 s
// to open a dialog; a failing wait still fails.
configure({ asyncUtilTimeout: 5000 });

Object.defineProperties(HTMLElement.prototype, {
  offsetWidth: { configurable: true, get: () => BOX.width },
  offsetHeight: { configurable: true, get: () => BOX.height },
  clientWidth: { configurable: true, get: () => BOX.width },
  clientHeight: { configurable: true, get: () => BOX.height },
});
// A browser gives no offsetParent to what is not displayed; Fluent's focus handling (tabster) reads it to
// find what can take the focus (the first control of a dialog or a menu). Without layout: displayed
// unless the element or an ancestor is `hidden` or set to display: none.
Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
  configurable: true,
  get(this: HTMLElement) {
    if (this.closest('[hidden], [style*="display: none"]')) return null;
    return this.isConnected ? (this.parentElement ?? null) : null;
  },
});
Element.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return { x: 0, y: 0, top: 0, left: 0, right: BOX.width, bottom: BOX.height, width: BOX.width, height: BOX.height, toJSON: () => ({}) } as DOMRect;
};
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= StillResizeObserver as unknown as typeof ResizeObserver;

window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;

// CSS.escape is used to find a header's button by its column id.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/([^\w-])/g, '\\$1');

// innerText is layout-aware in a browser; without layout, the text content is what it would read.
if (!('innerText' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'innerText', { configurable: true, get(this: HTMLElement) { return this.textContent ?? ''; } });
}
