import { describe, expect, it } from 'vitest';
import { formatDateTime, plural } from './format';

describe('plural', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(plural(1, 'video')).toBe('1 video');
    expect(plural(0, 'folder')).toBe('0 folders');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
    expect(plural(12000, 'video')).toBe('12,000 videos');
  });
});

describe('formatDateTime', () => {
  it("shows an ISO time as the spec's DD/MM/YYYY HH:mm, the same again from its cache, and '—' for none or a bad one", () => {
    const at = new Date(2026, 11, 1, 9, 5).toISOString();
    expect(formatDateTime(at)).toBe('01/12/2026 09:05');
    expect(formatDateTime(at)).toBe('01/12/2026 09:05');
    expect(formatDateTime(new Date(2026, 0, 31, 23, 59).toISOString())).toBe('31/01/2026 23:59');
    expect(formatDateTime(new Date(2026, 0, 31, 23, 59).getTime())).toBe('31/01/2026 23:59');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});
