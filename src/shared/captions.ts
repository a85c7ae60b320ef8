/**
 * WebVTT and SubRip (.srt) parsing for the transcript import: pure, so the renderer can preview the
 * cues that main read (files.readText) before sending them with transcripts.bulk.
 */
export interface Cue {
  /** HH:mm:ss of the cue start (milliseconds dropped). */
  timeStamp: string;
  captionText: string;
}

const TIME = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
const CUE_LINE = /^\s*((?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

const pad = (n: number): string => String(n).padStart(2, '0');

function toTimeStamp(text: string): string {
  const m = TIME.exec(text);
  if (!m) return '00:00:00';
  const hours = Number(m[1] ?? 0);
  return `${pad(hours)}:${pad(Number(m[2]))}:${pad(Number(m[3]))}`;
}

/** Strips WebVTT/SRT markup (<b>, <i>, <c.x>, <v Speaker>, {\an8}) from a caption line. */
const plain = (line: string): string =>
  line
    .replace(/<v\s+([^>]+)>/g, '$1: ')
    .replace(/<[^>]+>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .trim();

export type CaptionParse = { ok: true; cues: Cue[] } | { ok: false; message: string };

/** Parses a .vtt or .srt text (decided by content, not by name). */
export function parseCaptions(text: string): CaptionParse {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const cues: Cue[] = [];
  let i = 0;
  if (lines[0]?.startsWith('WEBVTT')) i = 1;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    // NOTE, STYLE and REGION blocks of WebVTT: skip to the next blank line.
    if (/^(NOTE|STYLE|REGION)\b/.test(line)) {
      while (i < lines.length && (lines[i] ?? '').trim() !== '') i += 1;
      continue;
    }
    const cue = CUE_LINE.exec(line);
    if (!cue) {
      i += 1;
      continue;
    }
    i += 1;
    const body: string[] = [];
    while (i < lines.length && (lines[i] ?? '').trim() !== '') {
      const textLine = plain(lines[i] ?? '');
      if (textLine) body.push(textLine);
      i += 1;
    }
    const captionText = body.join(' ').trim();
    if (captionText) cues.push({ timeStamp: toTimeStamp(cue[1] ?? ''), captionText });
  }
  if (cues.length === 0) return { ok: false, message: 'No captions found: the file is not WebVTT (.vtt) or SubRip (.srt).' };
  return { ok: true, cues };
}
