/**
 * Where the window opens: its size, place and maximised state as it was left on each display, brought
 * back whole onto a display that is there now (a laptop undocked, a monitor unplugged). Pure: window.ts
 * reads the displays from Electron's `screen`, keeps the state in userData/window-state.json and calls these.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayInfo {
  id: number;
  bounds: Rect;
  /** The display less the taskbar, dock and menu bar. */
  workArea: Rect;
}

export interface SavedWindow {
  bounds: Rect;
  maximized: boolean;
}

export interface WindowState {
  /** By display (displayKey): how the window was last left there. */
  displays: Record<string, SavedWindow>;
  /** The display the window was last on. */
  last: string | null;
}

export const EMPTY_WINDOW_STATE: WindowState = { displays: {}, last: null };
export const DEFAULT_SIZE = { width: 1360, height: 860 };
export const MIN_SIZE = { width: 960, height: 600 };

/** A display's key: its id and size (a different monitor on the same port is another display). */
export const displayKey = (display: DisplayInfo): string => `${display.id}:${display.bounds.width}x${display.bounds.height}`;

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The display a window is mostly on (the primary when it is on none). */
export function displayOf(bounds: Rect, displays: readonly DisplayInfo[], primary: DisplayInfo): DisplayInfo {
  let best = primary;
  let area = 0;
  for (const display of displays) {
    const shared = overlap(bounds, display.bounds);
    if (shared > area) [best, area] = [display, shared];
  }
  return best;
}

/** `bounds` moved and shrunk as little as needed to lie wholly inside `area` (no smaller than the minimum the area allows). */
export function fitInto(bounds: Rect, area: Rect): Rect {
  const width = Math.min(Math.max(bounds.width, Math.min(MIN_SIZE.width, area.width)), area.width);
  const height = Math.min(Math.max(bounds.height, Math.min(MIN_SIZE.height, area.height)), area.height);
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

const centred = (size: { width: number; height: number }, area: Rect): Rect =>
  fitInto({ x: Math.round(area.x + (area.width - size.width) / 2), y: Math.round(area.y + (area.height - size.height) / 2), width: size.width, height: size.height }, area);

/**
 * Where the window opens. The display it was last on, if it is still here; else another display it was
 * left on that is here; else the primary display, centred, with the last size (it fits) or the default.
 */
export function placeWindow(state: WindowState, displays: readonly DisplayInfo[], primary: DisplayInfo): SavedWindow {
  const here = new Map(displays.map((d) => [displayKey(d), d]));
  const keys = [state.last, displayKey(primary), ...Object.keys(state.displays)].filter((key): key is string => key !== null);
  for (const key of keys) {
    const saved = state.displays[key];
    const display = here.get(key);
    if (saved && display) return { bounds: fitInto(saved.bounds, display.workArea), maximized: saved.maximized };
  }
  const last = state.last ? state.displays[state.last] : undefined;
  return { bounds: centred(last ? last.bounds : DEFAULT_SIZE, primary.workArea), maximized: last?.maximized ?? false };
}

/** The state after the window was left at `bounds` (its normal, unmaximised bounds) on whichever display it is mostly on. */
export function rememberWindow(state: WindowState, window: SavedWindow, displays: readonly DisplayInfo[], primary: DisplayInfo): WindowState {
  const key = displayKey(displayOf(window.bounds, displays, primary));
  return { displays: { ...state.displays, [key]: { bounds: { ...window.bounds }, maximized: window.maximized } }, last: key };
}

const isRect = (value: unknown): value is Rect =>
  typeof value === 'object' && value !== null && ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((value as Record<string, unknown>)[k]));

/** A stored state read back: anything malformed is dropped (the window then opens at the default). */
export function parseWindowState(raw: unknown): WindowState {
  if (typeof raw !== 'object' || raw === null) return EMPTY_WINDOW_STATE;
  const { displays, last } = raw as { displays?: unknown; last?: unknown };
  const kept: Record<string, SavedWindow> = {};
  if (typeof displays === 'object' && displays !== null) {
    for (const [key, saved] of Object.entries(displays).slice(0, 20)) {
      const { bounds, maximized } = (saved ?? {}) as { bounds?: unknown; maximized?: unknown };
      if (isRect(bounds) && bounds.width > 0 && bounds.height > 0) kept[key] = { bounds, maximized: maximized === true };
    }
  }
  return { displays: kept, last: typeof last === 'string' && last in kept ? last : null };
}
