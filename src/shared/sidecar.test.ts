import { describe, expect, it } from 'vitest';
import { sidecarCues, sidecarLanguage } from './sidecar';

describe('sidecar captions', () => {
  it('same base name, .vtt or .srt, an optional language suffix (code or name)', () => {
    expect(sidecarLanguage('talk.mp4', 'talk.srt')).toBeNull();
    expect(sidecarLanguage('talk.mp4', 'talk.vtt')).toBeNull();
    expect(sidecarLanguage('talk.mp4', 'talk.hi.srt')).toBe('Hindi');
    expect(sidecarLanguage('talk.mp4', 'talk.Tamil.VTT')).toBe('Tamil');
    expect(sidecarLanguage('Farm day.1.mov', 'Farm day.1.mr.srt')).toBe('Marathi');
    expect(sidecarLanguage('talk.mp4', 'talk.xx.srt')).toBeUndefined();
    expect(sidecarLanguage('talk.mp4', 'talks.srt')).toBeUndefined();
    expect(sidecarLanguage('talk.mp4', 'talk.txt')).toBeUndefined();
    expect(sidecarLanguage('talk.mp4', 'talk.mp4')).toBeUndefined();
  });

  it("the caption import's checks: a broken cue keeps the file out, with why", () => {
    expect(sidecarCues('1\n00:00:01,000 --> 00:00:02,000\nNamaste\n')).toEqual({ ok: true, cues: [{ timeStamp: '00:00:01', captionText: 'Namaste' }] });
    expect(sidecarCues('1\n00:00:05,000 --> 00:00:02,000\nBackwards\n')).toEqual({ ok: false, message: '1 cue has errors, the first: The cue ends before it starts (line 2).' });
    expect(sidecarCues('1\n00:00:01,000 --> 00:00:02,000\nNamaste\n\njust some text')).toEqual({ ok: false, message: '1 cue has errors, the first: No timing line (start --> end).' });
    expect(sidecarCues('just some text')).toEqual({ ok: false, message: 'Not a caption file: it is not WebVTT (.vtt) or SubRip (.srt) text.' });
    expect(sidecarCues('')).toEqual({ ok: false, message: 'No captions found: the file is not WebVTT (.vtt) or SubRip (.srt).' });
  });
});
