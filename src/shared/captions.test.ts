import { describe, expect, it } from 'vitest';
import { looksLikeCaptions, parseCaptions, parseCaptionsDetailed } from './captions';

const VTT = `WEBVTT

NOTE a comment
that spans lines

1
00:00:01.000 --> 00:00:03.500
<v Asha>Hello <b>there</b>

00:01:02.250 --> 00:01:04.000 align:start
Second cue
on two lines
`;

const SRT_WITH_BAD = `1
00:00:02,000 --> 00:00:04,000
Hello

2
00:00:0x,000 --> 00:00:06,000
Broken time

3
00:00:09,000 --> 00:00:08,000
Backwards

4
00:00:10,000 --> 00:00:11,000

5
01:02:03,400 --> 01:02:05,000
Last
`;

describe('parseCaptionsDetailed', () => {
  it('reads WebVTT cues, skipping the header and NOTE blocks, stripping markup', () => {
    expect(parseCaptionsDetailed(VTT)).toEqual([
      { index: 1, line: 6, timeStamp: '00:00:01', captionText: 'Asha: Hello there' },
      { index: 2, line: 10, timeStamp: '00:01:02', captionText: 'Second cue on two lines' },
    ]);
  });

  it('keeps broken SubRip cues with a message each', () => {
    const cues = parseCaptionsDetailed(SRT_WITH_BAD.replace(/\n/g, '\r\n'));
    expect(cues.map((c) => [c.timeStamp, c.captionText, !!c.error])).toEqual([
      ['00:00:02', 'Hello', false],
      ['', 'Broken time', true],
      ['00:00:09', 'Backwards', true],
      ['00:00:10', '', true],
      ['01:02:03', 'Last', false],
    ]);
    expect(cues[1]!.error).toBe('Bad timing on line 6: "00:00:0x,000 --> 00:00:06,000".');
    expect(cues[2]!.error).toBe('The cue ends before it starts (line 10).');
    expect(cues[3]!.error).toBe('The cue has no text.');
  });

  it('reports a block without a timing line', () => {
    expect(parseCaptionsDetailed('1\nJust text\n')).toEqual([
      { index: 1, line: 1, timeStamp: '', captionText: '1 Just text', error: 'No timing line (start --> end).' },
    ]);
  });

  it('agrees with parseCaptions on valid files', () => {
    const ok = parseCaptions(VTT);
    expect(ok.ok && ok.cues).toEqual(parseCaptionsDetailed(VTT).map(({ timeStamp, captionText }) => ({ timeStamp, captionText })));
  });
});

describe('looksLikeCaptions (a caption file, or something else renamed)', () => {
  it('takes WebVTT and SubRip text', () => {
    expect(looksLikeCaptions('WEBVTT\n\n')).toBe(true);
    expect(looksLikeCaptions('\uFEFFWEBVTT\n')).toBe(true);
    expect(looksLikeCaptions('1\n00:00:01,000 --> 00:00:02,000\nNamaste\n')).toBe(true);
  });

  it('refuses a binary file read as text and text with no caption shape', () => {
    const png = new TextDecoder().decode(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    expect(looksLikeCaptions(png)).toBe(false);
    expect(looksLikeCaptions(`${png}-->`)).toBe(false);
    expect(looksLikeCaptions('Just a note, no timings.')).toBe(false);
  });
});
