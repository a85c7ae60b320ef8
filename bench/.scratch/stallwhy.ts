// Where main's event-loop stalls under the media workers come from: for each gap over 8 ms between 1 ms
// ticks, main thread's own run time and runqueue wait over the gap (/proc/thread-self/schedstat).
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaFactsService } from '../../src/main/services/media-facts';
import { makeHostile, makeMatrix } from '../../tests/media-matrix';

const sched = () => readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number) as [number, number, number];
const root = await mkdtemp(join(tmpdir(), 'cc-stallwhy-'));
const { made } = await makeMatrix(join(root, 'matrix'));
const hostile = await makeHostile(join(root, 'hostile'));
const sources = [...made.values(), ...hostile.made.values()];
await mkdir(join(root, 'many'));
const paths: string[] = [];
for (let i = 0; i < 1000; i++) { const p = join(root, 'many', `${i}-${sources[i % sources.length]!.replace(/^.*\//, '')}`); await copyFile(sources[i % sources.length]!, p); paths.push(p); }
const service = new MediaFactsService();
service.warm();
await new Promise((r) => setTimeout(r, 3000));
const { Worker } = await import('node:worker_threads');
const sab = new SharedArrayBuffer(8); const beat = new Float64Array(sab);
const mainTid = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
const watcher = process.env.WATCH ? new Worker(new URL('./stallwatch.cjs', import.meta.url), { workerData: { sab, tid: mainTid } }) : null;
const beater = setInterval(() => { beat[0] = performance.timeOrigin + performance.now(); }, 1);
const gaps: string[] = [];
let t0g = performance.now(); let last = performance.now(); let lastS = sched(); let maxGap = 0;
const tick = setInterval(() => {
  const now = performance.now(); const s = sched();
  const gap = now - last;
  if (gap > 8) gaps.push(`${gap.toFixed(1)} ms gap at ${(last - t0g).toFixed(0)} ms: main ran ${((s[0] - lastS[0]) / 1e6).toFixed(1)} ms, waited on the runqueue ${((s[1] - lastS[1]) / 1e6).toFixed(1)} ms, slices ${s[2] - lastS[2]}`);
  maxGap = Math.max(maxGap, gap);
  last = now; lastS = s;
}, 1);
const t0 = performance.now(); t0g = t0;
await service.factsOfPath(paths[0]!);
const first = performance.now() - t0;
const queue = paths.slice(1);
await Promise.all(Array.from({ length: 4 }, async () => { for (let p = queue.shift(); p; p = queue.shift()) await service.factsOfPath(p).catch(() => null); }));
clearInterval(tick); clearInterval(beater);
if (watcher) { watcher.postMessage('report'); const seenStates = await new Promise((r) => watcher.once('message', r)); console.log('main while late (1 ms samples):', seenStates); }
console.log(`first ${first.toFixed(0)} ms, all ${(performance.now() - t0).toFixed(0)} ms, max gap ${maxGap.toFixed(1)} ms`);
for (const g of gaps.sort((a, b) => parseFloat(b) - parseFloat(a)).slice(0, 12)) console.log(g);
await service.close?.();
process.exit(0);
