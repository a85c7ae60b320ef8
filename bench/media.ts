/**
 * `npm run bench -- media [--files 1000] [--hash-mib 1024]`: main's media worker (DESIGN section 15).
 *
 * * Facts of `--files` files of mixed containers (copies of the 26-file ffmpeg matrix of
 *   tests/media-matrix.ts): files per second, and the longest stall of main's event loop meanwhile
 *   (perf_hooks' event-loop delay histogram). Targets: >= 200 files/s, no stall over 20 ms.
 * * Hashing: the worker's streamed SHA-256 of one large file against `sha256sum` on the same file, in
 *   the same run (each the best of two, the file in the page cache for both). Target: >= 0.8 x.
 *   The issue names a 4 GiB file; the default is 1 GiB to spare the shared disk (`--hash-mib 4096`).
 * * Memory: the process's RSS growth over the facts and the hash (the worker's memory is the
 *   process's): flat whatever the file size means the hash of the large file adds no more than the
 *   facts of the small ones.
 * * A poster frame of a 1 GiB H.264 file, through the app in Chromium (bench/poster-frame.ts): at most
 *   1 s, with ffmpeg's own single-frame extraction of the same file beside. `--poster-only` runs only
 *   it; `--build` rebuilds the renderer first (otherwise out/renderer is reused when there).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, open, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { MediaFactsService } from '../src/main/services/media-facts';
import { makeMatrix } from '../tests/media-matrix';
import { numberArg } from './args';
import { measurePosterFrame, posterRows } from './poster-frame';

const exec = promisify(execFile);
const MiB = 1024 * 1024;

const rssMiB = () => process.memoryUsage().rss / MiB;

async function writeLarge(path: string, mib: number): Promise<void> {
  const block = randomBytes(MiB);
  const handle = await open(path, 'w');
  try {
    for (let i = 0; i < mib; i += 1) await handle.write(block, 0, MiB);
  } finally {
    await handle.close();
  }
}

async function timeIt<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

type Row = readonly [what: string, measured: string, result: string, target: string, pass: boolean | null];

function report(rows: readonly Row[]): boolean {
  console.table(rows.map(([what, measured, result, target, pass]) => ({ what, measured, result, target, pass: pass === null ? 'n/a' : pass ? 'pass' : 'FAIL' })));
  return rows.every(([, , , , pass]) => pass !== false);
}

export async function run(args: string[]): Promise<boolean> {
  const poster = async () => posterRows(await measurePosterFrame({ rebuild: args.includes('--build') }));
  if (args.includes('--poster-only')) return report(await poster());
  const count = numberArg(args, 'files', 1000);
  const hashMiB = numberArg(args, 'hash-mib', 1024);
  const root = await mkdtemp(join(tmpdir(), 'cc-bench-media-'));
  const service = new MediaFactsService();
  try {
    console.log('making the media matrix with ffmpeg...');
    const { made, skipped } = await makeMatrix(join(root, 'matrix'));
    for (const reason of skipped.values()) console.log(reason);
    const sources = [...made.values()];
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(root, 'many'));
    const paths: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const source = sources[i % sources.length]!;
      const path = join(root, 'many', `${String(i).padStart(5, '0')}-${source.replace(/^.*\//, '')}`);
      await copyFile(source, path);
      paths.push(path);
    }
    // Warm-up: the worker starts and loads MediaInfo's WebAssembly once per app.
    await service.factsOfPath(paths[0]!);

    const rss0 = rssMiB();
    const cpu0 = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    let read = 0;
    let withDuration = 0;
    const facts = await timeIt(async () => {
      // Four asked at once (the queue asks two; Add File one): the worker takes them in turn.
      const queue = [...paths];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let path = queue.shift(); path; path = queue.shift()) {
            const f = await service.factsOfPath(path);
            read += 1;
            if (f.durationSeconds !== null) withDuration += 1;
          }
        }),
      );
    });
    loop.disable();
    const cpu = process.cpuUsage(cpu0);
    // CPU time of the process (main and its worker) per file: what one free core would do, whatever
    // else the machine runs (the shared CI machine's load makes wall-clock rates noisy).
    const cpuMsPerFile = (cpu.user + cpu.system) / 1000 / read;
    const rssFacts = rssMiB() - rss0;
    const perSecond = read / (facts.ms / 1000);
    const maxStallMs = loop.max / 1e6;

    console.log(`writing a ${hashMiB} MiB file for the hash...`);
    const large = join(root, 'large.bin');
    await writeLarge(large, hashMiB);
    const sha = async () => (await exec('sha256sum', [large])).stdout.split(' ')[0]!;
    const ours = async () => service.hashOfPath(large);
    const reference1 = await timeIt(sha);
    const mine1 = await timeIt(ours);
    const reference2 = await timeIt(sha);
    const mine2 = await timeIt(ours);
    if (mine1.value !== reference1.value) throw new Error(`The hashes differ: ${mine1.value} vs ${reference1.value}`);
    const referenceMs = Math.min(reference1.ms, reference2.ms);
    const mineMs = Math.min(mine1.ms, mine2.ms);
    const hashRatio = referenceMs / mineMs;
    const rssHash = rssMiB() - rss0;

    const rows: Row[] = [
      ['facts', `${read} files (${withDuration} with a duration) in ${(facts.ms / 1000).toFixed(2)} s`, `${perSecond.toFixed(0)} files/s`, '>= 200 files/s', perSecond >= 200],
      ['facts, CPU', 'CPU time of main and the worker per file', `${cpuMsPerFile.toFixed(1)} ms (${(1000 / cpuMsPerFile).toFixed(0)} files/s on one free core)`, 'information', null],
      ['main event loop', 'longest stall while the worker read them', `${maxStallMs.toFixed(1)} ms`, '<= 20 ms', maxStallMs <= 20],
      ['hash', `${hashMiB} MiB: worker ${(mineMs / 1000).toFixed(2)} s, sha256sum ${(referenceMs / 1000).toFixed(2)} s`, `${hashRatio.toFixed(2)} x sha256sum`, '>= 0.8 x', hashRatio >= 0.8],
      ['memory', 'RSS growth: after the facts / after the hash', `${rssFacts.toFixed(1)} / ${rssHash.toFixed(1)} MiB`, 'the hash adds < 64 MiB', rssHash - rssFacts < 64],
      ...(await poster()),
    ];
    return report(rows);
  } finally {
    await service.close();
    await rm(root, { recursive: true, force: true });
  }
}
