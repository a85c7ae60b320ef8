import { describe, expect, it } from 'vitest';
import { base64Encoder } from './password';

describe('the default password encoder', () => {
  it('encodes UTF-8 as base64 with its scheme id, reversibly', () => {
    const encoded = base64Encoder.encode('pässwörd €');
    expect(encoded.startsWith('b64:')).toBe(true);
    expect(Buffer.from(encoded.slice(4), 'base64').toString('utf8')).toBe('pässwörd €');
  });
});
