/**
 * Upload benchmark (DESIGN section 8): a file of each size (sparse, made on the fly in a temp folder
 * and deleted after) uploaded to the reference server (its own process) through the main-process
 * upload path (core -> createMedia multipart, streamed from disk) and with curl -F to the same route
 * with the same token, in the same run. Prints throughput as a ratio to curl's and the client's peak
 * RSS growth. Targets: >= 0.9 x curl; memory growth < 64 MiB and similar for all sizes.
 *
 *   npm run bench -- upload --sizes 64M,1G --repeat 2     (defaults: 1G,4G and 5)
 *
 * Each size runs `repeat` rounds, alternating which client goes first, and prints them all. The verdict
 * is the median of the rounds' ratios (client against curl in the same round): this machine's speed moves
 * under both clients by up to 2 x between rounds, the two uploads of a round see the same machine, and a
 * median of those pairs is not decided by one fast round of either client, as the ratio of each client's
 * best round was (sessions 4 to 6: 0.86 x from best rounds where the medians were 0.94 x). The best
 * rounds' ratio is printed beside it.
 * Before every upload the disk is synced: the server writes what it receives to disk, and the dirty
 * pages one upload leaves would otherwise throttle the next one's writes (at 4 GiB, near the kernel's
 * dirty limit, whoever went second lost up to a fifth of its speed).
 *
 * The server's folder (and the sparse files sent) are in memory (/dev/shm) when this machine has it:
 * the ratio is the client's against curl, and the server's disk writeback moved either client's rounds
 * between 250 and 750 MiB/s, more than any difference between the clients (docs/performance-history.md, fifth
 * session). `--server-disk` keeps them in the temp folder on disk.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startUploadBench } from './upload-harness';
import { median } from './stats';

const run$ = promisify(execFile);
const MiB = 1024 * 1024;

function parseSize(text: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMG]?)i?B?$/i.exec(text.trim());
  if (!m) throw new Error(`Bad size: ${text} (use e.g. 64M, 1G)`);
  const unit = { '': 1, K: 1024, M: MiB, G: 1024 * MiB }[m[2]!.toUpperCase() as '' | 'K' | 'M' | 'G'];
  return Math.round(Number(m[1]) * unit);
}
const human = (bytes: number) => (bytes >= 1024 * MiB ? `${(bytes / 1024 / MiB).toFixed(1)} GiB` : `${(bytes / MiB).toFixed(0)} MiB`);

export async function run(args: string[]): Promise<boolean> {
  const flag = args.findIndex((a) => a === '--sizes' || a.startsWith('--sizes='));
  const sizesArg = flag < 0 ? '1G,4G' : args[flag]!.includes('=') ? args[flag]!.split('=')[1]! : args[flag + 1] ?? '';
  const sizes = sizesArg.split(',').map(parseSize);
  const repeatAt = args.findIndex((a) => a === '--repeat' || a.startsWith('--repeat='));
  const repeat = repeatAt < 0 ? 5 : Math.max(1, Number(args[repeatAt]!.includes('=') ? args[repeatAt]!.split('=')[1] : args[repeatAt + 1]) || 1);
  const inMemory = !args.includes('--server-disk') && existsSync('/dev/shm');
  const root = await mkdtemp(join(inMemory ? '/dev/shm' : tmpdir(), 'cc-bench-upload-'));
  console.log(`upload: the server's folder and the files sent in ${inMemory ? 'memory (/dev/shm; --server-disk for the disk)' : 'the temp folder on disk'}`);
  const bench = await startUploadBench(root).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  const { url, call, grantFile, token, fields } = bench;
  const removeUploaded = (title: string) => bench.removeTitled((t) => t === title);
  try {
    // Warm-up (not measured): one-time allocations of the upload path (send buffers, compiled code)
    // would otherwise count as the first size's memory growth only.
    const warmFile = join(root, 'warm-up.bin');
    await writeFile(warmFile, '');
    await truncate(warmFile, 64 * MiB);
    const warmGrant = await grantFile(warmFile);
    await call('library', 'createMedia', { ...fields('bench-warm-up'), file: { grantId: warmGrant.grantId }, uploadId: 'bench-warm-up' });
    await removeUploaded('bench-warm-up');
    await rm(warmFile, { force: true });

    const rows: { size: number; curl: number; client: number; ratio: number; best: number; growth: number }[] = [];
    for (const size of sizes) {
      const file = join(root, `upload-${size}.bin`);
      await writeFile(file, '');
      await truncate(file, size); // sparse: no disk used, reads are fast for both clients alike
      try {
        const viaCurl = async (): Promise<number> => {
          // curl: the same route, fields and token.
          const text = fields('bench-curl');
          const form = Object.entries(text).flatMap(([k, value]) => ['-F', `${k}=${typeof value === 'string' ? value : JSON.stringify(value)}`]);
          const out = await run$('curl', ['-sS', '-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-H', `authorization: ${token}`, ...form, '-F', `file=@${file}`, `${url}/library/media`], { maxBuffer: MiB });
          const [code, seconds] = out.stdout.trim().split(' ');
          if (code !== '200') throw new Error(`curl upload answered ${code}`);
          await removeUploaded('bench-curl');
          return size / Number(seconds);
        };
        const viaApp = async (): Promise<{ rate: number; growth: number }> => {
          // The app's path: grant, then library.createMedia streamed from disk.
          const grant = await grantFile(file);
          const base = process.memoryUsage().rss;
          let peak = base;
          const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
          const started = process.hrtime.bigint();
          await call('library', 'createMedia', { ...fields('bench-client'), file: { grantId: grant.grantId }, uploadId: 'bench' });
          const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
          clearInterval(sampler);
          peak = Math.max(peak, process.memoryUsage().rss);
          await removeUploaded('bench-client');
          return { rate: size / elapsed, growth: peak - base };
        };
        const curlRates: number[] = [];
        const clientRates: number[] = [];
        const ratios: number[] = [];
        let growth = 0;
        const rounds: string[] = [];
        for (let round = 0; round < repeat; round += 1) {
          const order = round % 2 === 0 ? ['curl', 'app'] : ['app', 'curl'];
          const rates: Record<string, number> = {};
          for (const who of order) {
            await run$('sync');
            if (who === 'curl') curlRates.push((rates.curl = await viaCurl()));
            else {
              const r = await viaApp();
              clientRates.push((rates.app = r.rate));
              growth = Math.max(growth, r.growth);
            }
          }
          ratios.push(rates.app! / rates.curl!);
          rounds.push(`${(rates.app! / MiB).toFixed(0)}/${(rates.curl! / MiB).toFixed(0)}`);
        }
        // Every round, so a reader sees the spread the best rounds were taken from.
        console.log(`${human(size)} rounds (client/curl MiB/s): ${rounds.join('  ')}`);
        rows.push({ size, curl: median(curlRates), client: median(clientRates), ratio: median(ratios), best: Math.max(...clientRates) / Math.max(...curlRates), growth });
      } finally {
        await rm(file, { force: true });
      }
    }

    console.log('\nsize       curl MiB/s   client MiB/s   ratio   best rounds   RSS growth');
    console.log('           (median)     (median)       (median of rounds)');
    for (const r of rows) {
      console.log(`${human(r.size).padEnd(10)} ${(r.curl / MiB).toFixed(0).padStart(10)}   ${(r.client / MiB).toFixed(0).padStart(12)}   ${r.ratio.toFixed(2).padStart(5)}   ${r.best.toFixed(2).padStart(11)}   ${human(r.growth).padStart(10)}`);
    }
    const ratioOk = rows.every((r) => r.ratio >= 0.9);
    const memOk = rows.every((r) => r.growth < 64 * MiB);
    const growths = rows.map((r) => r.growth);
    const similar = Math.max(...growths) - Math.min(...growths) < 32 * MiB;
    console.log(`\n[${ratioOk ? 'PASS' : 'FAIL'}] throughput >= 0.9 x curl (median of the rounds' ratios)`);
    console.log(`[${memOk ? 'PASS' : 'FAIL'}] client memory growth < 64 MiB`);
    console.log(`[${similar ? 'PASS' : 'FAIL'}] memory growth similar for every size (spread < 32 MiB)`);
    return ratioOk && memOk && similar;
  } finally {
    await bench.close();
    await rm(root, { recursive: true, force: true });
  }
}
