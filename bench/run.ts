/**
 * `npm run bench [-- <name>] [options]`: runs the benchmarks of DESIGN section 8 and prints ratios.
 * Names: upload (bench/upload.ts), lists (bench/lists.ts, a million learners on PGlite and PostgreSQL), bulk (bench/bulk.ts, the bulk queue), bulk-upload (bench/bulk-upload.ts, the queue against curl), media (bench/media.ts, media facts and hashing), course-health (bench/course-health.ts, the health of a course of 5,000 videos), course-import (bench/course-import.ts, a folder of 1,000 videos as a course), door (bench/door.ts, what the one door adds per call), peers (bench/peers.ts, the console against AG Grid and Uppy); others (e.g. table) register below. Without a name, all run.
 * Each benchmark prints a table and a pass/fail per target, and exits non-zero when a target fails. Several
 * run one after another, each in a process of its own.
 */
import { spawnSync } from 'node:child_process';

const BENCHES: Record<string, () => Promise<{ run(args: string[]): Promise<boolean> }>> = {
  upload: () => import('./upload'),
  table: () => import('./table'),
  bulk: () => import('./bulk'),
  'bulk-upload': () => import('./bulk-upload'),
  lists: () => import('./lists'),
  media: () => import('./media'),
  'course-health': () => import('./course-health'),
  find: () => import('./find'),
  'course-import': () => import('./course-import'),
  door: () => import('./door'),
  peers: () => import('./peers'),
};

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('-') && BENCHES[a]);
const rest = args.filter((a) => !named.includes(a));
const chosen = named.length ? named : Object.keys(BENCHES);
let passed = true;
if (chosen.length === 1) {
  const name = chosen[0]!;
  console.log(`\n== bench: ${name} ==`);
  passed = await (await BENCHES[name]!()).run(rest);
} else {
  // Each in a process of its own: what one leaves in memory (a queue of 100,000 files, a million
  // learners' pages) must not count in the next one's RSS or slow its collections.
  for (const name of chosen) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, name, ...rest], { stdio: 'inherit' });
    passed = child.status === 0 && passed;
  }
}
process.exit(passed ? 0 : 1);
