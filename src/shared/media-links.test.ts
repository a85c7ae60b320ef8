import { describe, expect, it } from 'vitest';
import { directMediaKind } from './media-links';

describe('directMediaKind', () => {
  it('knows video and audio files by their extension, whatever the query', () => {
    expect(directMediaKind('https://cdn.example.in/talks/intro.MP4')).toBe('video');
    expect(directMediaKind('https://cdn.example.in/a/b.webm?sig=1#t=3')).toBe('video');
    expect(directMediaKind('https://cdn.example.in/podcast/ep1.mp3')).toBe('audio');
    expect(directMediaKind('http://127.0.0.1:4000/x/clip.m4a')).toBe('audio');
  });
  it('leaves pages, plain http elsewhere, credentials and other schemes to the browser', () => {
    expect(directMediaKind('https://www.youtube.com/watch?v=abc')).toBeNull();
    expect(directMediaKind('https://example.in/intro.mp4.html')).toBeNull();
    expect(directMediaKind('http://cdn.example.in/intro.mp4')).toBeNull();
    expect(directMediaKind('https://user:pw@cdn.example.in/intro.mp4')).toBeNull();
    expect(directMediaKind('file:///home/me/intro.mp4')).toBeNull();
    expect(directMediaKind('not a url.mp4')).toBeNull();
  });
});
