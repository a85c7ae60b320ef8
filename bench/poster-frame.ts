/**
 * The poster frame of a 1 GiB video, through the app's own path: Add File in Chromium (the browser
 * bridge, the built renderer), the file picked through the open dialog's stand-in, then **Use a frame**
 * (src/renderer/lib/poster-frame.ts: the page's <video> streams the granted file through main with
 * Range, seeks, draws 1280 x 720 and sends the JPEG to main, which checks, writes and grants it). Timed
 * in the page from the click to the frame's name shown (main's answer arrived, the frame after it). As in
 * the app, the file's index is read when it is picked and its player kept between frames: each round
 * asks for another moment (2 s, a keyframe interval, later), so every take seeks and decodes anew.
 * The reference, in the same run: ffmpeg's own single-frame extraction of the same file at the same
 * moment, scaled to 1280 x 720 and written as JPEG (`ffmpeg -ss t -i file -frames:v 1`).
 *
 * The video: 1920 x 1080 H.264 (High profile, 25 fps, a keyframe every 2 s, about 20 Mbit/s, as a
 * phone records) with AAC, a faststart .mp4 (its index, `moov`, before the media data, so a seek costs
 * a read of the index and the keyframe's range). Made once by ffmpeg (a 20 s segment repeated to
 * 1 GiB by stream copy) and kept in bench/.data/ (git-ignored) for the next runs. Where Chromium
 * cannot decode H.264 the bench says so and measures a VP9 .webm made the same way instead.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { openBridgePage } from './bridge-page';
import { median } from './stats';

const exec = promisify(execFile);
const GiB = 1024 ** 3;
/** The budget of one poster frame of a 1 GiB file (ms). */
export const POSTER_BUDGET_MS = 1000;
/** ...and at most this many times ffmpeg's own single-frame extraction of the same file in the same run. */
export const POSTER_FFMPEG_RATIO = 1.5;
const CACHE = resolve(import.meta.dirname, '.data');

interface Kind {
  codec: 'H.264' | 'VP9';
  file: string;
  /** What the page's canPlayType is asked. */
  mime: string;
  /** ffmpeg's arguments for the 20 s segment (after the inputs). */
  segment: string[];
  /** ffmpeg's arguments that put the index first. */
  indexFirst: string[];
}

const KINDS: Record<'h264' | 'vp9', Kind> = {
  h264: {
    codec: 'H.264',
    file: 'poster-1gib-h264.mp4',
    mime: 'video/mp4; codecs="avc1.640028, mp4a.40.2"',
    segment: ['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-c:a', 'aac', '-b:a', '128k'],
    indexFirst: ['-movflags', '+faststart'],
  },
  vp9: {
    codec: 'VP9',
    file: 'poster-1gib-vp9.webm',
    mime: 'video/webm; codecs="vp9, opus"',
    segment: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
    indexFirst: ['-cues_to_front', '1'],
  },
};

/** The top-level boxes of an ISO BMFF (.mp4) file, in order (reads only their headers). */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const head = Buffer.alloc(16);
    for (let at = 0; at + 8 <= size; ) {
      await handle.read(head, 0, 16, at);
      const short = head.readUInt32BE(0);
      const length = short === 1 ? Number(head.readBigUInt64BE(8)) : short === 0 ? size - at : short;
      boxes.push(head.toString('latin1', 4, 8));
      if (length < 8) break;
      at += length;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}

/** The 1 GiB video of `kind`, made unless the cache holds it (written under a temp name, then renamed). */
async function largeVideo(kind: Kind): Promise<string> {
  const path = join(CACHE, kind.file);
  if (existsSync(path)) return path;
  await mkdir(CACHE, { recursive: true });
  const segment = join(CACHE, `segment-${kind.file}`);
  const partial = join(CACHE, `partial-${kind.file}`);
  console.log(`making a 1 GiB ${kind.codec} video with ffmpeg (once; kept as ${path})...`);
  const ffmpeg = (args: string[]) => exec('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
  try {
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      // Noise gives the encoder a camera's detail to spend its bit rate on.
      ...['-vf', 'noise=alls=8:allf=t', '-t', '20', '-pix_fmt', 'yuv420p', '-g', '50', '-b:v', '20M', '-maxrate', '24M', '-bufsize', '40M'],
      ...kind.segment,
      segment,
    ]);
    const repeats = Math.ceil(GiB / (await stat(segment)).size);
    await ffmpeg(['-stream_loop', String(repeats - 1), '-i', segment, '-c', 'copy', ...kind.indexFirst, partial]);
    await rename(partial, path);
  } finally {
    await rm(segment, { force: true });
    await rm(partial, { force: true });
  }
  return path;
}

/** /proc/<pid>/stat's fields after the command name (which may hold spaces): [state, ppid, ...]. */
async function statFields(pid: number | 'self'): Promise<string[] | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}
const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU time (ms) so far of this process (the bridge host: main's side) and every process below it
 * (Chromium's); with `children`, of the exited children this process waited for (ffmpeg). Linux only:
 * null elsewhere. The load inflates wall times several fold; CPU times it barely moves.
 */
async function cpuMs(what: 'tree' | 'children'): Promise<number | null> {
  const self = await statFields('self');
  if (!self) return null;
  // Fields 14 to 17 of stat (utime, stime, cutime, cstime) are at 11 to 14 here.
  if (what === 'children') return (Number(self[13]) + Number(self[14])) * TICK_MS;
  const stats = new Map<number, string[]>();
  for (const name of await readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const fields = await statFields(pid);
    if (fields) stats.set(pid, fields);
  }
  const own = process.cpuUsage();
  let ticks = 0;
  const below = new Set([process.pid]);
  // Parents come before children in no guaranteed order: sweep until no process joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, fields] of stats) {
      if (below.has(pid) || !below.has(Number(fields[1]))) continue;
      below.add(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
      grew = true;
    }
  }
  return (own.user + own.system) / 1000 + ticks * TICK_MS;
}

const cpuSince = async (what: 'tree' | 'children', start: number | null) => {
  const now = await cpuMs(what);
  return now === null || start === null ? null : now - start;
};

/** ffprobe's width, height and codec of a file's first video stream. */
async function probe(path: string): Promise<{ width: number; height: number; codec: string; duration: number }> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name:format=duration', '-of', 'json', path]);
  const json = JSON.parse(stdout) as { streams: { width: number; height: number; codec_name: string }[]; format: { duration?: string } };
  const s = json.streams[0]!;
  return { width: s.width, height: s.height, codec: s.codec_name, duration: Number(json.format.duration ?? 0) };
}

/** ffmpeg's single frame at `seconds`, 1280 x 720 JPEG: the reference (wall and CPU ms). */
async function ffmpegFrame(path: string, seconds: number, out: string): Promise<{ ms: number; cpu: number | null }> {
  const cpu0 = await cpuMs('children');
  const start = performance.now();
  await exec('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(seconds), '-i', path, '-frames:v', '1', '-vf', 'scale=1280:720', '-q:v', '3', out]);
  const ms = performance.now() - start;
  return { ms, cpu: await cpuSince('children', cpu0) };
}

export interface PosterResult {
  codec: string;
  /** Why the figure is not of H.264, when it is not. */
  note: string | null;
  bytes: number;
  /** Per moment: wall times of each round, and CPU times (null where /proc cannot say). */
  moments: { seconds: number; appMs: number[]; ffmpegMs: number[]; appCpu: (number | null)[]; ffmpegCpu: (number | null)[] }[];
  frame: { width: number; height: number; codec: string };
  /** CPU ms per wall second of Chromium and main at rest (null where /proc cannot say). */
  idlePerSecond: number | null;
}

export async function measurePosterFrame({ rounds = 3, rebuild = false } = {}): Promise<PosterResult> {
  const bridge = await openBridgePage('cc-bench-poster-', { rebuild });
  try {
    const { page } = bridge;
    const h264 = await page.evaluate((mime) => document.createElement('video').canPlayType(mime), KINDS.h264.mime);
    const kind = h264 ? KINDS.h264 : KINDS.vp9;
    const note = h264 ? null : `this Chromium cannot decode H.264 (canPlayType '${KINDS.h264.mime}' is ''): measured on VP9 .webm instead`;
    const video = await largeVideo(kind);
    const boxes = kind === KINDS.h264 ? await topLevelBoxes(video) : null;
    if (boxes && boxes.indexOf('moov') > boxes.indexOf('mdat')) throw new Error(`${video} is not faststart: its boxes are ${boxes.join(', ')}`);
    const facts = await probe(video);
    const { size: bytes } = await stat(video);
    console.log(
      `poster frame: Chromium ${page.context().browser()?.version()} says canPlayType('${KINDS.h264.mime}') = '${h264}'; ` +
        `${basename(video)}: ${bytes} bytes, ${facts.codec} ${facts.width} x ${facts.height}, ${facts.duration.toFixed(0)} s` +
        (boxes ? `, top-level boxes ${boxes.join(' ')} (the index before the media data)` : ''),
    );

    await page.goto(`${bridge.host.url}/#/library`);
    await page.getByRole('button', { name: 'Add File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add File' });
    // A new file is a link until a file type says otherwise.
    await dialog.getByRole('combobox', { name: 'File type', exact: true }).selectOption('video');
    await bridge.queuePick(video);
    await dialog.getByRole('button', { name: 'Choose file… (File)', exact: true }).click();
    await dialog.getByText(basename(video), { exact: true }).waitFor();
    await dialog.getByText('Read from the file.').first().waitFor({ timeout: 60_000 });
    const frameName = `${basename(video).replace(/\.[^.]+$/, '')}-frame.jpg`;
    const moment = dialog.getByRole('spinbutton', { name: 'Frame at', exact: true });

    // Chromium and main at rest with the dialog open (CPU ms per wall second, over 3 s), shown beside
    // the takes' CPU times, which count every process over the take's whole wall time. (Taken off
    // them, it swung the figures by more than they measure: the rate at rest varies 3-fold here.)
    const idle0 = await cpuMs('tree');
    const idleStart = performance.now();
    await page.waitForTimeout(3000);
    const idleSpent = await cpuSince('tree', idle0);
    const idlePerSecond = idleSpent === null ? null : idleSpent / ((performance.now() - idleStart) / 1000);

    // The start (the box's default, 1 s) and the middle of the file: a seek across half a gigabyte.
    const moments = [1, Math.floor(facts.duration / 2) + 0.5];
    const results: PosterResult['moments'] = [];
    const reference = join(bridge.stateDir, 'reference-frame.jpg');
    for (const seconds of moments) {
      const appMs: number[] = [];
      const ffmpegMs: number[] = [];
      const appCpu: (number | null)[] = [];
      const ffmpegCpu: (number | null)[] = [];
      for (let k = 0; k < rounds; k++) {
        // Each round another moment, 2 s (a keyframe interval) later: the app keeps the picked file's
        // player between frames, and a frame at the moment it already shows would cost no seek.
        const at = seconds + 2 * k;
        await moment.fill(String(at));
        const cpu0 = await cpuMs('tree');
        appMs.push(
          await page.evaluate(async (frameName) => {
            const button = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent?.trim() === 'Use a frame') as HTMLButtonElement;
            const until = (test: () => boolean) =>
              new Promise<void>((done, fail) => {
                const t = performance.now();
                const step = () => {
                  if (test()) return done();
                  if (performance.now() - t > 60_000) return fail(new Error('no frame after 60 s'));
                  requestAnimationFrame(step);
                };
                step();
              });
            const t0 = performance.now();
            button.click();
            // Busy (the button disabled) until main has written the frame; then its name is shown.
            await until(() => button.disabled);
            await until(() => !button.disabled);
            const alert = document.querySelector('[role="dialog"] [role="alert"]');
            if (alert?.textContent) throw new Error(alert.textContent);
            if (![...document.querySelectorAll('[role="dialog"] *')].some((e) => e.children.length === 0 && e.textContent === frameName)) throw new Error(`${frameName} not shown`);
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
            return performance.now() - t0;
          }, frameName),
        );
        appCpu.push(await cpuSince('tree', cpu0));
        const ref = await ffmpegFrame(video, at, reference);
        ffmpegMs.push(ref.ms);
        ffmpegCpu.push(ref.cpu);
      }
      results.push({ seconds, appMs, ffmpegMs, appCpu, ffmpegCpu });
    }
    // The last frame main wrote (a folder per frame under the host's state): a 1280 x 720 JPEG.
    const framesDir = join(bridge.stateDir, 'poster-frames');
    const folders = await Promise.all((await readdir(framesDir)).map(async (f) => ({ f, at: (await stat(join(framesDir, f))).mtimeMs })));
    const newest = folders.sort((a, b) => b.at - a.at)[0]!.f;
    const frame = await probe(join(framesDir, newest, frameName));
    if (frame.width !== 1280 || frame.height !== 720 || frame.codec !== 'mjpeg') throw new Error(`the frame is ${frame.codec} ${frame.width} x ${frame.height}, not a 1280 x 720 JPEG`);
    return { codec: kind.codec, note, bytes, moments: results, frame, idlePerSecond };
  } finally {
    await bridge.close();
  }
}

/** The bench's rows: one per moment, budgeted, with ffmpeg's time beside; the CPU times for information. */
export function posterRows(r: PosterResult): [string, string, string, string, boolean | null][] {
  const size = `${(r.bytes / GiB).toFixed(2)} GiB ${r.codec}`;
  const cpuMedian = (xs: (number | null)[]) => (xs.every((x) => x !== null) ? median(xs) : null);
  return r.moments.flatMap(({ seconds, appMs, ffmpegMs, appCpu, ffmpegCpu }) => {
    const app = median(appMs);
    const ref = median(ffmpegMs);
    const rows: [string, string, string, string, boolean | null][] = [
      [
        `poster frame from ${seconds} s`,
        `${size}, 1280 x 720 JPEG via Use a frame in Chromium, median of ${appMs.length} (at ${appMs.map((_, k) => seconds + 2 * k).join(', ')} s): ${app.toFixed(0)} ms; ffmpeg -ss (the same) -frames:v 1: ${ref.toFixed(0)} ms${r.note ? ` (${r.note})` : ''}`,
        `${app.toFixed(0)} ms (${(app / POSTER_BUDGET_MS).toFixed(2)} x budget, ${(app / ref).toFixed(2)} x ffmpeg)`,
        `< ${POSTER_BUDGET_MS} ms, <= ${POSTER_FFMPEG_RATIO} x ffmpeg`,
        app < POSTER_BUDGET_MS && app <= POSTER_FFMPEG_RATIO * ref,
      ],
    ];
    const appCpuMs = cpuMedian(appCpu);
    const refCpuMs = cpuMedian(ffmpegCpu);
    if (appCpuMs !== null && refCpuMs !== null) {
      rows.push([
        `poster frame from ${seconds} s, CPU`,
        `CPU time over the take: Chromium's processes and main ${appCpuMs.toFixed(0)} ms${r.idlePerSecond === null ? '' : ` (at rest they use ${r.idlePerSecond.toFixed(0)} ms per second: ${((r.idlePerSecond * app) / 1000).toFixed(0)} ms of it)`}; ffmpeg ${refCpuMs.toFixed(0)} ms (its wall time / CPU time: ${(ref / refCpuMs).toFixed(1)}, the load's share)`,
        `${appCpuMs.toFixed(0)} ms (${(appCpuMs / refCpuMs).toFixed(2)} x ffmpeg)`,
        'information',
        null,
      ]);
    }
    return rows;
  });
}
