import { describe, expect, it } from 'vitest';
import { errorsShownInline, showingErrorsInline } from './inline-errors';

describe('one place per error: a dialog that shows its failures', () => {
  it('holds while its save runs, across awaits, and not after it settled or failed', async () => {
    expect(errorsShownInline()).toBe(false);
    const seen: boolean[] = [];
    await showingErrorsInline(async () => {
      seen.push(errorsShownInline());
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(errorsShownInline());
    });
    expect(seen).toEqual([true, true]);
    expect(errorsShownInline()).toBe(false);
    await expect(showingErrorsInline(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(errorsShownInline()).toBe(false);
  });

});
