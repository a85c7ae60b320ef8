import { describe, expect, it } from 'vitest';
import { deepLinkIn, deepLinkPath } from './deep-link';
import { viewFileOf, viewLink, viewRoute } from '../../shared/named-views';

describe('deep links', () => {
  it('opens the reset password screen with its token', () => {
    expect(deepLinkPath('content-console://reset-password?token=abc%2B1')).toBe('/reset-password?token=abc%2B1');
    expect(deepLinkPath('content-console:///reset-password?token=x')).toBe('/reset-password?token=x');
  });
  it('ignores other schemes and unknown screens', () => {
    expect(deepLinkPath('https://evil.example/reset-password?token=x')).toBeNull();
    expect(deepLinkPath('content-console://admins')).toBeNull();
    expect(deepLinkPath('content-console://../../etc')).toBeNull();
  });
  it('finds the link among the arguments of a second instance', () => {
    expect(deepLinkIn(['/app', '--flag', 'content-console://reset-password?token=t'])).toBe('/reset-password?token=t');
    expect(deepLinkIn(['/app'])).toBeNull();
  });
  it('opens a shared view on its screen; a view link that does not read is ignored', () => {
    const file = viewFileOf('Video Library', '/library', { name: 'Live', table: { sort: null, filters: [], search: '', pageSize: null, hidden: [], widths: {}, density: 'comfortable' }, serverFilters: { status: 'live' } });
    expect(deepLinkPath(viewLink(file))).toBe(viewRoute(file));
    expect(deepLinkIn(['/app', viewLink(file)])).toMatch(/^\/library\?view=/);
    expect(deepLinkPath('content-console://view?d=bm90IGEgdmlldw')).toBeNull();
  });
});
