/**
 * `npm run bench -- course-health`: the health of the benchmark course (`seed --bench-course`: a folder
 * of 5,000 videos and a module of 1,000 empty topics) through main's core against the reference server
 * on PGlite, without link checks. Target (issue "Course builder"): under 2 s. The reference measured in
 * the same run is one read of the 5,000-video folder through the same core (GET /document/{id}), the
 * least a check of that course must do.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SANDBOX_DEFAULTS, startServer } from '../server/app';
import { BENCH_COURSE } from '../server/video-repository/seed';
import { createCore } from '../src/main/core';
import { memoryTokenStore } from '../src/main/services/token-stores';
import { channelOf } from '../src/shared/api';
import type { Course, DocumentListing } from '../src/shared/schemas/courses';
import type { CourseHealth } from '../src/shared/schemas/course-health';
import { median } from './stats';

const BUDGET_MS = 2000;
const RUNS = 5;
const root = join(import.meta.dirname, '..');

export async function run(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-health-'));
  const serverDir = join(dir, 'server');
  console.log(`Seeding the demo and the benchmark course into ${serverDir} ...`);
  const seeded = spawnSync('npx', ['tsx', 'server/cli.ts', 'seed', '--demo', '--bench-course'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATA_DIR: serverDir, CONTENT_CONSOLE_QUIET: '1' },
  });
  if (seeded.status !== 0) throw new Error('seeding failed');
  process.env.CONTENT_CONSOLE_QUIET = '1';
  const server = await startServer({ dataDir: serverDir, admin: SANDBOX_DEFAULTS });
  const core = await createCore({ stateDir: join(dir, 'state'), tokenStore: memoryTokenStore(), startSandbox: async () => server, emit: () => undefined });
  const call = async <T>(group: string, name: string, input: unknown = {}): Promise<T> => {
    const result = await core.handlers.get(channelOf(group, name))!(input);
    if (!result.ok) throw new Error(`${group}.${name}: ${result.error.message}`);
    return result.data as T;
  };
  try {
    await call('settings', 'setConnection', { kind: 'sandbox' });
    await call('session', 'login', SANDBOX_DEFAULTS);
    const course = (await call<Course[]>('videoRepository', 'courses')).find((c) => c.name === BENCH_COURSE.name)!;
    const folder = (await call<DocumentListing>('videoRepository', 'document', { id: course._id })).descendants.find((d) => d.title === BENCH_COURSE.bigFolder)!;

    const reads: number[] = [];
    const checks: number[] = [];
    let report: CourseHealth | null = null;
    for (let k = 0; k < RUNS; k++) {
      let started = performance.now();
      await call('videoRepository', 'document', { id: folder._id });
      reads.push(performance.now() - started);
      started = performance.now();
      report = await call<CourseHealth>('courseTools', 'health', { courseId: course._id });
      checks.push(performance.now() - started);
    }
    const check = median(checks);
    const read = median(reads);
    console.table([
      { what: 'read the 5,000-video folder (reference)', 'median ms': read.toFixed(0) },
      { what: `health of the course (${report!.videos} videos, ${report!.folders} folders, ${report!.problems.length} problems)`, 'median ms': check.toFixed(0) },
    ]);
    const passed = check < BUDGET_MS;
    console.log(`course health: ${check.toFixed(0)} ms = ${(check / BUDGET_MS).toFixed(2)} x the 2 s budget, ${(check / read).toFixed(1)} x one read of the folder: ${passed ? 'PASS' : 'FAIL'}`);
    return passed;
  } finally {
    await core.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
