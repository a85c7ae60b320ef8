import { describe, expect, it } from 'vitest';
import { keepSize, startingSize } from './useColumnFit';

// Where a table's first render starts: the sizes kept from earlier tables (module state, in order here).
describe('startingSize', () => {
  it('is unknown before any table was measured', () => {
    expect(startingSize('Question Bank')).toBeNull();
    expect(startingSize()).toBeNull();
  });

  it("starts a table from its own last size, others from the last width and the tallest scroller at it", () => {
    keepSize('Question Bank', { width: 1078, height: 598 });
    keepSize('Admins', { width: 1078, height: 481 }); // a short list: its scroller only as tall as its rows
    expect(startingSize('Admins')).toEqual({ width: 1078, height: 481 });
    expect(startingSize('Question Bank')).toEqual({ width: 1078, height: 598 });
    expect(startingSize('Users')).toEqual({ width: 1078, height: 598 });
    expect(startingSize()).toEqual({ width: 1078, height: 598 });
  });

  it('forgets its own size once the frame has another width (the window was resized)', () => {
    keepSize('Admins', { width: 900, height: 400 });
    expect(startingSize('Question Bank')).toEqual({ width: 900, height: 400 });
    keepSize('Users', { width: 900, height: 520 });
    expect(startingSize('Question Bank')).toEqual({ width: 900, height: 520 });
    expect(startingSize('Admins')).toEqual({ width: 900, height: 400 });
  });
});
