import { describe, expect, it } from 'vitest';
import { isImageName, isVideoName } from './file-kinds';

describe('file kinds by name', () => {
  it('knows images and videos in any case, and nothing else', () => {
    expect(isImageName('face.JPG')).toBe(true);
    expect(isImageName('face.webp')).toBe(true);
    expect(isImageName('intro.mp4')).toBe(false);
    expect(isImageName('png')).toBe(false);
    expect(isVideoName('intro.MOV')).toBe(true);
    expect(isVideoName('song.mp3')).toBe(false);
    expect(isVideoName('notes.pdf')).toBe(false);
  });
});
