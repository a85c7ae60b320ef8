import { describe, expect, it } from 'vitest';
import { externalDecision, externalQuestion } from './external-links';

describe('externalDecision', () => {
  it('opens https pages of any host, and http on this computer only', () => {
    expect(externalDecision('https://www.youtube.com/watch?v=abc')).toBe('open');
    for (const address of ['http://127.0.0.1:5173/x', 'http://localhost/x', 'http://[::1]:8080/']) expect(externalDecision(address), address).toBe('open');
  });
  it('asks first for plain http elsewhere, showing the full address', () => {
    expect(externalDecision('http://example.in/article')).toBe('ask');
    expect(externalDecision('http://localhost.attacker.example/')).toBe('ask');
    const question = externalQuestion('http://example.in/article?id=1#top');
    expect(question.detail).toContain('http://example.in/article?id=1#top');
    expect(question.message).toBe('Open this unencrypted address in your browser?');
  });
  it('refuses other schemes, credentials and oversized addresses', () => {
    for (const address of ['file:///etc/passwd', 'smb://host/share', 'javascript:alert(1)', 'ms-settings:', 'vscode://x', 'https://user:pw@bank.example', 'http://user@example.in', `https://a.example/${'x'.repeat(2100)}`, 'not a url']) {
      expect(externalDecision(address), address).toBe('refuse');
    }
  });
});
