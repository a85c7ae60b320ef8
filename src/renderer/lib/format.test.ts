import { describe, expect, it } from 'vitest';
import { plural } from './format';

describe('plural', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(plural(1, 'video')).toBe('1 video');
    expect(plural(0, 'folder')).toBe('0 folders');
    expect(plural(3, 'entry', 'entries')).toBe('3 entries');
    expect(plural(12000, 'video')).toBe('12,000 videos');
  });
});
