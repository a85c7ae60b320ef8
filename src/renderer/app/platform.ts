/** macOS names Cmd where the others name Ctrl (the shortcuts read and show it). */
export const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform || navigator.userAgent);
