import { describe, expect, it } from 'vitest';
import { findNotice } from './find-records';
import { pathOfScreen } from '../lib/open-record';

describe('findNotice', () => {
  it('names the lists still loading and those that failed, with why', () => {
    expect(findNotice(null)).toBeNull();
    expect(findNotice({ loading: [], failed: [] })).toBeNull();
    expect(findNotice({ loading: ['Users', 'Courses'], failed: [] })).toBe('Users, Courses not loaded yet: loading in the background.');
    expect(findNotice({ loading: [], failed: [{ screen: 'Admins', message: 'Forbidden' }] })).toBe('Admins could not be searched: Forbidden');
  });

  it("knows every findable screen's route from the area table", async () => {
    const { LISTS } = await import('../../shared/lists');
    for (const def of Object.values(LISTS)) {
      const screen = (def as { find?: { screen: string } }).find?.screen;
      if (screen) expect(pathOfScreen(screen), screen).toMatch(/^\//);
    }
  });
});
