// The files content editors really have (phone recordings, screen recordings, exports, old archives,
// audio), made by ffmpeg: the media facts' unit test, the media bench and the e2e walks share them.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MatrixRow {
  /** The file's name (its extension is the container's). */
  name: string;
  /** What it stands for. */
  what: string;
  /** ffmpeg encoders it needs (a missing one skips the row). */
  encoders: string[];
  /** ffmpeg's output arguments (inputs are a test picture and a tone). */
  args: string[];
  video: boolean;
  audio: boolean;
}

const PICTURE = ['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25'];
const CIF = ['-f', 'lavfi', '-i', 'testsrc=size=176x144:rate=25'];
const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'];
const x264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast'];
const x265 = ['-c:v', 'libx265', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', '-x265-params', 'log-level=none', '-tag:v', 'hvc1'];
const mpeg4 = ['-c:v', 'mpeg4'];
const aac = ['-c:a', 'aac'];

const av = (name: string, what: string, encoders: string[], codecs: string[], picture = PICTURE): MatrixRow => ({
  name, what, encoders, args: [...picture, ...TONE, ...codecs], video: true, audio: true,
});
const silent = (name: string, what: string, encoders: string[], codecs: string[], picture = PICTURE): MatrixRow => ({
  name, what, encoders, args: [...picture, ...codecs], video: true, audio: false,
});
const sound = (name: string, what: string, encoders: string[], codecs: string[]): MatrixRow => ({
  name, what, encoders, args: [...TONE, ...codecs], video: false, audio: true,
});

/** 26 files: every container and codec the issue names. */
export const MEDIA_MATRIX: MatrixRow[] = [
  av('phone-h264.mov', 'phone recording, H.264 + AAC', ['libx264', 'aac'], [...x264, ...aac]),
  av('phone-hevc.mov', 'phone recording, HEVC + AAC', ['libx265', 'aac'], [...x265, ...aac]),
  silent('silent-h264.mov', 'silent QuickTime, H.264', ['libx264'], x264),
  silent('silent-hevc.mov', 'silent QuickTime, HEVC', ['libx265'], x265),
  silent('silent-mpeg4.mov', 'silent QuickTime, MPEG-4 part 2', ['mpeg4'], mpeg4),
  silent('silent-h264.mp4', 'screen recording, H.264', ['libx264'], x264),
  silent('silent-hevc.mp4', 'screen recording, HEVC', ['libx265'], x265),
  silent('silent-mpeg4.mp4', 'screen recording, MPEG-4 part 2', ['mpeg4'], mpeg4),
  av('export-h264.mp4', 'editing tool export, H.264 + AAC', ['libx264', 'aac'], [...x264, ...aac]),
  av('fragmented.mp4', 'fragmented MP4', ['libx264', 'aac'], [...x264, ...aac, '-movflags', 'frag_keyframe+empty_moov']),
  av('export.m4v', 'iTunes-style .m4v', ['libx264', 'aac'], [...x264, ...aac]),
  av('export.mkv', 'Matroska, H.264 + AAC', ['libx264', 'aac'], [...x264, ...aac]),
  av('export-vp9.webm', 'WebM, VP9 + Opus', ['libvpx-vp9', 'libopus'], ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']),
  av('export-vp8.webm', 'WebM, VP8 + Vorbis', ['libvpx', 'libvorbis'], ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libvorbis']),
  av('archive.avi', 'AVI, MPEG-4 part 2 + MP3', ['mpeg4', 'libmp3lame'], [...mpeg4, '-c:a', 'libmp3lame']),
  av('archive-mpeg1.mpg', 'MPEG-1 program stream', ['mpeg1video', 'mp2'], ['-c:v', 'mpeg1video', '-c:a', 'mp2']),
  av('archive-mpeg2.mpg', 'MPEG-2 program stream', ['mpeg2video', 'mp2'], ['-c:v', 'mpeg2video', '-c:a', 'mp2']),
  av('broadcast.ts', 'MPEG transport stream, H.264 + AAC', ['libx264', 'aac'], [...x264, ...aac]),
  av('old-phone.3gp', '3GP, H.263 + AAC', ['h263', 'aac'], ['-c:v', 'h263', '-c:a', 'aac', '-ar', '16000', '-ac', '1'], CIF),
  av('archive.wmv', 'Windows Media, WMV2 + WMA', ['wmv2', 'wmav2'], ['-c:v', 'wmv2', '-c:a', 'wmav2']),
  sound('talk.mp3', 'MP3', ['libmp3lame'], ['-c:a', 'libmp3lame']),
  sound('talk.m4a', 'M4A, AAC', ['aac'], aac),
  sound('talk.wav', 'WAV, PCM', ['pcm_s16le'], ['-c:a', 'pcm_s16le']),
  sound('talk.ogg', 'Ogg Vorbis', ['libvorbis'], ['-c:a', 'libvorbis']),
  sound('talk.flac', 'FLAC', ['flac'], ['-c:a', 'flac']),
  sound('talk.opus', 'Opus', ['libopus'], ['-c:a', 'libopus']),
];

let encoderList: Promise<Set<string>> | null = null;
/** The encoders this machine's ffmpeg has. */
export function ffmpegEncoders(): Promise<Set<string>> {
  encoderList ??= run('ffmpeg', ['-hide_banner', '-encoders'], { maxBuffer: 8 * 1024 * 1024 }).then(
    ({ stdout }) => new Set(stdout.split('\n').flatMap((line) => { const m = /^\s[VAS][.A-Z]{5}\s+(\S+)/.exec(line); return m ? [m[1]!] : []; })),
  );
  return encoderList;
}

/** Why a row cannot be made here, or null. */
export async function missingEncoder(row: MatrixRow): Promise<string | null> {
  const have = await ffmpegEncoders();
  const missing = row.encoders.filter((e) => !have.has(e));
  return missing.length ? `${row.name} skipped: this machine's ffmpeg has no ${missing.join(', ')} encoder` : null;
}

/** Makes one row's file in `dir` (seconds long), unless it is there already. */
export async function makeMedia(dir: string, row: MatrixRow, seconds = 2): Promise<string> {
  const path = join(dir, row.name);
  if (existsSync(path)) return path;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...row.args, '-t', String(seconds), path]);
  return path;
}

/** ffprobe's duration of a file (the reference), or null when it reports none. */
export async function ffprobeDuration(path: string): Promise<number | null> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  const n = Number(stdout.trim());
  return Number.isFinite(n) && stdout.trim() !== '' ? n : null;
}

/** Makes every row that this machine can, two at a time; the rows it cannot, with why. */
export async function makeMatrix(dir: string, seconds = 2): Promise<{ made: Map<string, string>; skipped: Map<string, string> }> {
  const made = new Map<string, string>();
  const skipped = new Map<string, string>();
  await mkdir(dir, { recursive: true });
  const rows = [...MEDIA_MATRIX];
  const worker = async () => {
    for (let row = rows.shift(); row; row = rows.shift()) {
      const missing = await missingEncoder(row);
      if (missing) skipped.set(row.name, missing);
      else made.set(row.name, await makeMedia(dir, row, seconds));
    }
  };
  await Promise.all([worker(), worker()]);
  return { made, skipped };
}

/**
 * The files a copy from a phone or a shared drive leaves behind, and the exports learners cannot play
 * as they are: each with the verdict it must get before upload ('playable', 'warning' or why it is not
 * playable). Made at test time from the same test picture (1 s, 160 x 120, a few KB each).
 */
export interface HostileRow {
  name: string;
  what: string;
  encoders: string[];
  make: (path: string) => Promise<void>;
  verdict: 'playable' | 'warning' | 'empty' | 'not-media' | 'image' | 'cut-short' | 'index-missing';
  /** The warning it must carry (for 'warning'). */
  warning?: RegExp;
}

const ffmpeg = (args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
const ONE_SECOND = ['-t', '1'];
/** The first half of a file: what a copy that stopped half way leaves. */
async function firstHalf(from: string, to: string): Promise<void> {
  const whole = await readFile(from);
  await writeFile(to, whole.subarray(0, Math.floor(whole.length / 2)));
}
const hdr = (transfer: 'smpte2084' | 'arib-std-b67') => async (path: string) => {
  await ffmpeg([
    ...PICTURE, '-c:v', 'libx265', '-pix_fmt', 'yuv420p10le', '-preset', 'ultrafast',
    '-x265-params', `log-level=none:colorprim=bt2020:transfer=${transfer}:colormatrix=bt2020nc`,
    '-color_primaries', 'bt2020', '-color_trc', transfer, '-colorspace', 'bt2020nc', '-tag:v', 'hvc1', ...ONE_SECOND, path,
  ]);
};

export const HOSTILE_MATRIX: HostileRow[] = [
  {
    name: 'truncated-phone.mov', what: 'the first half of a phone video whose index is at the end', encoders: ['libx264', 'aac'], verdict: 'index-missing',
    make: async (path) => {
      const whole = `${path}.whole.mov`;
      await ffmpeg([...PICTURE, ...TONE, ...x264, ...aac, '-t', '2', whole]);
      await firstHalf(whole, path);
      await rm(whole);
    },
  },
  {
    name: 'cut-short.mp4', what: 'the first half of a file whose index is at the start', encoders: ['libx264', 'aac'], verdict: 'cut-short',
    make: async (path) => {
      const whole = `${path}.whole.mp4`;
      await ffmpeg([...PICTURE, ...TONE, ...x264, ...aac, '-movflags', '+faststart', '-t', '2', whole]);
      await firstHalf(whole, path);
      await rm(whole);
    },
  },
  { name: 'empty.mp4', what: 'a zero-byte .mp4', encoders: [], verdict: 'empty', make: (path) => writeFile(path, '') },
  { name: 'notes.mp4', what: 'a text file named .mp4', encoders: [], verdict: 'not-media', make: (path) => writeFile(path, 'Meeting notes: film the milking shed on Tuesday.\n'.repeat(20)) },
  {
    name: 'photo.mov', what: 'a JPEG named .mov', encoders: ['mjpeg'], verdict: 'image',
    make: async (path) => {
      await ffmpeg([...PICTURE, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', path]);
    },
  },
  {
    name: 'export-prores.mov', what: "an editing suite's ProRes export", encoders: ['prores_ks', 'pcm_s16le'], verdict: 'warning', warning: /^ProRes video/,
    make: async (path) => {
      await ffmpeg([...PICTURE, ...TONE, '-c:v', 'prores_ks', '-profile:v', '0', '-c:a', 'pcm_s16le', ...ONE_SECOND, path]);
    },
  },
  { name: 'hdr-pq.mp4', what: 'HDR HEVC, PQ', encoders: ['libx265'], verdict: 'warning', warning: /^HDR video \(PQ\)/, make: hdr('smpte2084') },
  { name: 'hdr-hlg.mp4', what: 'HDR HEVC, HLG', encoders: ['libx265'], verdict: 'warning', warning: /^HDR video \(HLG\)/, make: hdr('arib-std-b67') },
  {
    name: 'portrait.mp4', what: 'portrait phone video (rotation metadata)', encoders: ['libx264'], verdict: 'warning', warning: /^The video is stored turned by (90|270) degrees/,
    make: async (path) => {
      const upright = `${path}.upright.mp4`;
      await ffmpeg([...PICTURE, ...x264, ...ONE_SECOND, upright]);
      // Rotation as phones write it: a display matrix in the track header, the pixels untouched.
      await ffmpeg(['-i', upright, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', path]);
      await rm(upright);
    },
  },
  { name: 'fine.mp4', what: 'an H.264 + AAC export (the control)', encoders: ['libx264', 'aac'], verdict: 'playable', make: async (path) => void (await ffmpeg([...PICTURE, ...TONE, ...x264, ...aac, ...ONE_SECOND, path])) },
];

/** Makes every hostile row (or those of `names`) this machine can, one at a time (they are small); the rest, with why. */
export async function makeHostile(dir: string, names?: readonly string[]): Promise<{ made: Map<string, string>; skipped: Map<string, string> }> {
  const made = new Map<string, string>();
  const skipped = new Map<string, string>();
  await mkdir(dir, { recursive: true });
  const have = await ffmpegEncoders();
  for (const row of HOSTILE_MATRIX) {
    if (names && !names.includes(row.name)) continue;
    const missing = row.encoders.filter((e) => !have.has(e));
    if (missing.length) {
      skipped.set(row.name, `${row.name} skipped: this machine's ffmpeg has no ${missing.join(', ')} encoder`);
      continue;
    }
    const path = join(dir, row.name);
    if (!existsSync(path)) await row.make(path);
    made.set(row.name, path);
  }
  return { made, skipped };
}

/** ffprobe's view of a file's first video stream: rotation (display matrix), transfer, pixel format. */
export async function ffprobeVideo(path: string): Promise<{ rotation: number; transfer: string | null; pixFmt: string | null } | null> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=color_transfer,pix_fmt:stream_side_data=rotation:stream_tags=rotate', '-of', 'json', path]);
  const stream = (JSON.parse(stdout) as { streams?: Record<string, unknown>[] }).streams?.[0];
  if (!stream) return null;
  const side = (stream.side_data_list as { rotation?: number }[] | undefined)?.find((d) => typeof d.rotation === 'number');
  const tag = Number((stream.tags as { rotate?: string } | undefined)?.rotate ?? NaN);
  const transfer = typeof stream.color_transfer === 'string' && stream.color_transfer !== 'unknown' ? stream.color_transfer : null;
  return { rotation: side?.rotation ?? (Number.isFinite(tag) ? tag : 0), transfer, pixFmt: typeof stream.pix_fmt === 'string' ? stream.pix_fmt : null };
}

/**
 * A copy of `source` whose bytes and size are its own (the same picture and sound, a comment of random
 * length): a walk's upload then never matches, by content or by size and duration, what an earlier walk
 * uploaded to the same host (which the queue would rightly link instead of sending again).
 */
export async function ownCopy(source: string, destination: string): Promise<string> {
  // From 2 to 8,000 characters: two walks' copies have the same size about once in 4,000 pairs.
  const comment = randomBytes(1 + Math.floor(Math.random() * 4000)).toString('hex');
  await run('ffmpeg', ['-loglevel', 'error', '-i', source, '-map', '0', '-c', 'copy', '-metadata', `comment=${comment}`, '-y', destination]);
  return destination;
}
