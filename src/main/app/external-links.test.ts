import { describe, expect, it } from 'vitest';
import { isAllowedExternal } from './external-links';

describe('isAllowedExternal', () => {
  it('opens web pages of any host', () => {
    expect(isAllowedExternal('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isAllowedExternal('http://example.in/article')).toBe(true);
  });
  it('refuses other schemes, credentials and oversized addresses', () => {
    for (const address of ['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'ms-settings:', 'vscode://x', 'https://user:pw@bank.example', `https://a.example/${'x'.repeat(2100)}`, 'not a url']) {
      expect(isAllowedExternal(address), address).toBe(false);
    }
  });
});
