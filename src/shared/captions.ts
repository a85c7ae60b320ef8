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

export const NO_CAPTIONS = 'No captions found: the file is not WebVTT (.vtt) or SubRip (.srt).';

/** Said of a file that is no caption text at all (an image renamed .vtt, a plain note): `name` or 'it'. */
export const notCaptionFile = (name = 'it'): string => `Not a caption file: ${name} is not WebVTT (.vtt) or SubRip (.srt) text.`;

/**
 * Whether a file's text can be captions: no NUL and no undecodable byte (read as U+FFFD) in its first KB,
 * which a binary file such as an image has, and a WebVTT header or at least one timing line. Without this
 * a renamed picture is read as one broken cue.
 */
export function looksLikeCaptions(text: string): boolean {
  const head = text.slice(0, 1024);
  if (head.includes('\u0000') || head.includes('\uFFFD')) return false;
  return /^\uFEFF?WEBVTT\b/.test(text) || text.includes('-->');
}

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
  if (cues.length === 0) return { ok: false, message: NO_CAPTIONS };
  return { ok: true, cues };
}

/** One cue block of a caption file as the import preview shows it, with its problem if it has one. */
export interface CueDraft {
  /** 1-based number of the block in the file. */
  index: number;
  /** The line the block starts on (1-based), for messages. */
  line: number;
  timeStamp: string;
  captionText: string;
  /** Why this cue cannot be imported as it is; absent when it is fine. */
  error?: string;
}

const TIMING = /^\s*(\S+)\s*-->\s*(\S+)/;
const STRICT_TIME = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;

function secondsOfCueTime(text: string): number | null {
  const m = STRICT_TIME.exec(text);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(`0.${m[4]}`);
}

const hms = (seconds: number): string => {
  const s = Math.floor(seconds);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/**
 * Parses a .vtt or .srt text block by block, keeping the blocks that are broken (a bad or missing
 * timing line, an end before the start, no text) with a message, so that the import can show them
 * before anything is saved. Header, NOTE, STYLE and REGION blocks are skipped.
 */
export function parseCaptionsDetailed(text: string): CueDraft[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  lines.forEach((raw, i) => {
    if (raw.trim() === '') {
      current = null;
      return;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(raw);
  });
  const out: CueDraft[] = [];
  for (const block of blocks) {
    const first = block.lines[0] ?? '';
    if (/^WEBVTT\b/.test(first) || /^(NOTE|STYLE|REGION)\b/.test(first)) continue;
    const timingAt = block.lines.findIndex((l) => l.includes('-->'));
    const index = out.length + 1;
    if (timingAt < 0) {
      out.push({ index, line: block.line, timeStamp: '', captionText: block.lines.map(plain).join(' ').trim(), error: 'No timing line (start --> end).' });
      continue;
    }
    const timingLine = block.lines[timingAt] ?? '';
    const captionText = block.lines.slice(timingAt + 1).map(plain).filter(Boolean).join(' ').trim();
    const timing = TIMING.exec(timingLine);
    const start = timing ? secondsOfCueTime(timing[1] ?? '') : null;
    const end = timing ? secondsOfCueTime(timing[2] ?? '') : null;
    const line = block.line + timingAt;
    if (start === null || end === null) {
      out.push({ index, line: block.line, timeStamp: '', captionText, error: `Bad timing on line ${line}: "${timingLine.trim()}".` });
      continue;
    }
    const cue: CueDraft = { index, line: block.line, timeStamp: hms(start), captionText };
    if (end < start) cue.error = `The cue ends before it starts (line ${line}).`;
    else if (!captionText) cue.error = 'The cue has no text.';
    out.push(cue);
  }
  return out;
}
