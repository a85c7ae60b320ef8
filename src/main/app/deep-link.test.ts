import { describe, expect, it } from 'vitest';
import { deepLinkIn, deepLinkPath } from './deep-link';

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
});
