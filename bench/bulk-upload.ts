/**
 * Bulk upload benchmark, the upload side: 200 files of 1 MiB and 5 files of 256 MiB sent to
 * the reference server (its own process) by main's bulk queue (a drop of the folder, defaults applied to
 * all, start; its default concurrency of 2), and by curl sending the same files one by one to the same
 * route with the same token, in the same run. Target: the queue at least as fast as curl (ratio of times
 * <= 1). Files are sparse (no disk used, reads fast for both clients alike).
 *
 *   npm run bench -- bulk-upload [--small 200] [--large 5]
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PRELOAD_CHANNELS } from '../src/shared/api/app';
import type { Result } from '../src/shared/result';
import type { BulkOverall } from '../src/shared/schemas/bulk';
import type { BusinessIdea } from '../src/shared/schemas/business-ideas';
import { startUploadBench } from './upload-harness';
import { writeSparseVideo } from '../src/main/services/bulk/testing';

const run$ = promisify(execFile);
const MiB = 1024 * 1024;

function countArg(args: string[], name: string, fallback: number): number {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const n = Number(args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Bad --${name}`);
  return n;
}

export async function run(args: string[]): Promise<boolean> {
  const small = countArg(args, 'small', 200);
  const large = countArg(args, 'large', 5);
  const root = await mkdtemp(join(tmpdir(), 'cc-bench-bulk-upload-'));
  const bench = await startUploadBench(root).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  try {
    // The files: an mp4 header, the file's name, then zeros (sparse), in one folder the queue takes as a drop.
    const folder = join(root, 'videos');
    await mkdir(folder, { recursive: true });
    const files: { path: string; size: number }[] = [];
    for (const [count, size, label] of [[small, MiB, 'small'], [large, 256 * MiB, 'large']] as const) {
      for (let i = 1; i <= count; i += 1) {
        const path = join(folder, `Bench_${label}-${String(i).padStart(3, '0')}.mp4`);
        // A playable clip, a random id (the queue holds duplicates), then zeros (sparse): the queue holds files that are not playable.
        await writeSparseVideo(path, size);
        files.push({ path, size });
      }
    }
    const totalBytes = files.reduce((sum, f) => sum + f.size, 0);

    // curl, one file after the other: the same route, fields and token.
    const curlStarted = process.hrtime.bigint();
    for (const [i, file] of files.entries()) {
      const form = Object.entries(bench.fields(`bench-curl-${i}`)).flatMap(([k, value]) => ['-F', `${k}=${typeof value === 'string' ? value : JSON.stringify(value)}`]);
      const out = await run$('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-H', `authorization: ${bench.token}`, ...form, '-F', `file=@${file.path}`, `${bench.url}/library/media`]);
      if (out.stdout.trim() !== '200') throw new Error(`curl upload answered ${out.stdout.trim()}`);
    }
    const curlSeconds = Number(process.hrtime.bigint() - curlStarted) / 1e9;
    await bench.removeTitled((t) => t.startsWith('bench-curl-'));

    // The queue: the folder dropped, defaults for all, start, until every item is done.
    const ideas = await bench.call<BusinessIdea[]>('businessIdeas', 'all');
    const drop = (await bench.core.preloadHandlers.get(PRELOAD_CHANNELS.bulkDropped)!({ paths: [folder] })) as Result<{ added: string[] }>;
    if (!drop.ok || drop.data.added.length !== files.length) throw new Error(`bulk drop: ${JSON.stringify(drop)}`);
    await bench.call('bulk', 'edit', { ids: 'all', patch: { description: 'bench', type: 'Interview', businessIdeas: [ideas[0]!._id], keywords: [bench.keyword] } });
    const queueStarted = process.hrtime.bigint();
    await bench.call('bulk', 'start');
    for (;;) {
      const { overall } = await bench.call<{ overall: BulkOverall }>('bulk', 'status');
      if (overall.filesDone === files.length) break;
      if (overall.needAttention > 0) throw new Error(`bulk: ${overall.needAttention} items need attention`);
      await new Promise((done) => setTimeout(done, 20));
    }
    const queueSeconds = Number(process.hrtime.bigint() - queueStarted) / 1e9;

    const ratio = queueSeconds / curlSeconds;
    const rate = (seconds: number) => `${(totalBytes / MiB / seconds).toFixed(0)} MiB/s`;
    console.log(`\n${small} x 1 MiB + ${large} x 256 MiB (${(totalBytes / MiB).toFixed(0)} MiB)`);
    console.log(`curl, one by one   ${curlSeconds.toFixed(1)} s   ${rate(curlSeconds)}`);
    console.log(`bulk queue         ${queueSeconds.toFixed(1)} s   ${rate(queueSeconds)}   = ${ratio.toFixed(2)} x curl's time`);
    const pass = ratio <= 1;
    console.log(`\n[${pass ? 'PASS' : 'FAIL'}] the queue at least as fast as curl one by one (time ratio <= 1)`);
    return pass;
  } finally {
    await bench.close();
    await rm(root, { recursive: true, force: true });
  }
}
