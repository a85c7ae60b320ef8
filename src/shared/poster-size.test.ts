import { describe, expect, it } from 'vitest';
import { posterSize } from './poster-size';

describe('posterSize', () => {
  it('fits the video in 1280 x 720 with its own aspect', () => {
    expect(posterSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(posterSize(640, 360)).toEqual({ width: 1280, height: 720 });
    expect(posterSize(1080, 1920)).toEqual({ width: 405, height: 720 });
    expect(posterSize(640, 480)).toEqual({ width: 960, height: 720 });
    expect(posterSize(3840, 1600)).toEqual({ width: 1280, height: 533 });
  });
});
