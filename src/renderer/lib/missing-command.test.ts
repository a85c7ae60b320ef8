import { describe, expect, it } from 'vitest';
import { missingCommandText } from './missing-command';

describe('keys a screen has no command for', () => {
  it('Ctrl+N and Ctrl+F say so where the screen has no Add or no search; other keys and present commands say nothing', () => {
    expect(missingCommandText('add', {})).toBe('There is nothing to add on this screen.');
    expect(missingCommandText('focusSearch', {})).toBe('This screen has no search.');
    expect(missingCommandText('add', { add: () => undefined })).toBeNull();
    expect(missingCommandText('focusSearch', { focusSearch: () => undefined })).toBeNull();
    expect(missingCommandText('reload', {})).toBeNull();
  });
});
