import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, EMPTY_WINDOW_STATE, displayKey, fitInto, parseWindowState, placeWindow, rememberWindow, type DisplayInfo, type WindowState } from './window-state';

/** A laptop (primary, 1920 x 1080 with a 40 px taskbar) and a monitor to its right (2560 x 1440). */
const laptop: DisplayInfo = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const monitor: DisplayInfo = { id: 2, bounds: { x: 1920, y: 0, width: 2560, height: 1440 }, workArea: { x: 1920, y: 0, width: 2560, height: 1440 } };
/** A small screen (a projector): smaller than the window was. */
const small: DisplayInfo = { id: 3, bounds: { x: 0, y: 0, width: 1280, height: 720 }, workArea: { x: 0, y: 0, width: 1280, height: 690 } };

describe('window state', () => {
  it('the first start opens at the default size, centred on the primary display', () => {
    expect(placeWindow(EMPTY_WINDOW_STATE, [laptop, monitor], laptop)).toEqual({ bounds: { x: 280, y: 90, ...DEFAULT_SIZE }, maximized: false });
  });

  it('opens where and how it was left, on the display it was left on, maximised too', () => {
    const onMonitor = rememberWindow(EMPTY_WINDOW_STATE, { bounds: { x: 2100, y: 100, width: 1600, height: 1000 }, maximized: true }, [laptop, monitor], laptop);
    expect(onMonitor.last).toBe(displayKey(monitor));
    expect(placeWindow(onMonitor, [laptop, monitor], laptop)).toEqual({ bounds: { x: 2100, y: 100, width: 1600, height: 1000 }, maximized: true });
  });

  it('remembers each display: with the monitor gone, the laptop gets its own last place back', () => {
    let state: WindowState = rememberWindow(EMPTY_WINDOW_STATE, { bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: false }, [laptop, monitor], laptop);
    state = rememberWindow(state, { bounds: { x: 2100, y: 100, width: 1600, height: 1000 }, maximized: false }, [laptop, monitor], laptop);
    expect(placeWindow(state, [laptop], laptop)).toEqual({ bounds: { x: 100, y: 50, width: 1200, height: 800 }, maximized: false });
  });

  it('a display that is gone and no place kept for the one that is here: its size, centred on the primary, on screen', () => {
    const state = rememberWindow(EMPTY_WINDOW_STATE, { bounds: { x: 3000, y: 200, width: 1400, height: 900 }, maximized: false }, [laptop, monitor], laptop);
    const placed = placeWindow(state, [laptop], laptop);
    expect(placed).toEqual({ bounds: { x: 260, y: 70, width: 1400, height: 900 }, maximized: false });
  });

  it('a window bigger than the display it comes back to is shrunk to fit and moved on screen', () => {
    const state = rememberWindow(EMPTY_WINDOW_STATE, { bounds: { x: 2000, y: 300, width: 2400, height: 1300 }, maximized: false }, [laptop, monitor], laptop);
    expect(placeWindow(state, [small], small).bounds).toEqual({ x: 0, y: 0, width: 1280, height: 690 });
  });

  it('a window left half off its display comes back wholly on it', () => {
    expect(fitInto({ x: 1500, y: 900, width: 1000, height: 700 }, laptop.workArea)).toEqual({ x: 920, y: 340, width: 1000, height: 700 });
    expect(fitInto({ x: -500, y: -200, width: 100, height: 100 }, laptop.workArea)).toEqual({ x: 0, y: 0, width: 960, height: 600 });
  });

  it('a stored file that is broken or tampered with is dropped, whole or in part', () => {
    expect(parseWindowState('nonsense')).toEqual(EMPTY_WINDOW_STATE);
    expect(parseWindowState({ displays: { a: { bounds: { x: 0, y: 0, width: 'wide', height: 1 } }, b: { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true } }, last: 'a' })).toEqual({
      displays: { b: { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: true } },
      last: null,
    });
  });
});
