/**
 * Course import benchmark: a folder of 1,000 videos in 3 levels (5 modules x 4 topics x 5 concepts x
 * 10 videos, small mp4 stand-ins) imported as a new course through main's core, signed in to the
 * reference server in a process of its own (so main's memory is its own). Prints ratios against the
 * budgets:
 *
 *   preview      the folder dialog's answer to the preview's tree (read, ordered, checked against the
 *                library's titles), < 2 s; the plain folder scan of the bulk queue is the reference
 *   built        from Import to every folder made and every video queued in the bulk queue, < 10 s
 *   memory       main's RSS growth (settled) from before the preview to the built import, < 100 MiB;
 *                measured after a warm-up import of one video (the code and the media workers loaded once)
 *
 * The uploads and the links after them are printed beside (the uploads are the bulk queue's own time).
 *
 *   npm run bench -- course-import [--videos-per-concept 10] [--no-uploads]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportPreview, ImportStatus } from '../src/shared/schemas/course-import';
import type { BusinessIdea } from '../src/shared/schemas/business-ideas';
import { scanFolder } from '../src/main/services/bulk/sniff';
import { writeVideo } from '../src/main/services/bulk/testing';
import { numberArg } from './args';
import { rssMiB, settledRssMiB } from './bulk';
import { startUploadBench } from './upload-harness';

const BUDGET = { previewMs: 2000, builtMs: 10_000, memoryMiB: 100 };
/** A 1 x 1 PNG (the new course's thumbnail). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function generate(root: string, perConcept: number): Promise<number> {
  let n = 0;
  await writeFile(join(root, 'cover.png'), PNG);
  for (let m = 1; m <= 5; m++)
    for (let t = 1; t <= 4; t++)
      for (let c = 1; c <= 5; c++) {
        const folder = join(root, `${m} Module ${m}`, `${t} Topic ${m}.${t}`, `${c} Concept ${m}.${t}.${c}`);
        await mkdir(folder, { recursive: true });
        await Promise.all(
          Array.from({ length: perConcept }, (_, v) => {
            n += 1;
            // A playable clip, each file's content its own (no two are duplicates by content).
            return writeVideo(join(folder, `${v + 1} Lesson ${m}.${t}.${c}.${v + 1}.mp4`), 2600);
          }),
        );
      }
  return n;
}

const row = (name: string, value: string, budget: string, ratio: number | null) =>
  console.log(`${name.padEnd(10)} ${value.padStart(12)}  budget ${budget.padEnd(10)} ${ratio === null ? '' : `${ratio.toFixed(2)} x budget ${ratio <= 1 ? 'PASS' : 'FAIL'}`}`);

export async function run(args: string[]): Promise<boolean> {
  const perConcept = numberArg(args, 'videos-per-concept', 10);
  const uploads = !args.includes('--no-uploads');
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-import-'));
  const folder = join(dir, 'Bench course');
  await mkdir(folder);
  const videos = await generate(folder, perConcept);
  // A warm-up import of one video first (the code, the media workers and the queue loaded once per app, as the bulk bench does).
  const warm = join(dir, 'Warm up');
  await mkdir(join(warm, 'Module'), { recursive: true });
  await writeFile(join(warm, 'cover.png'), PNG);
  await writeVideo(join(warm, 'Module', 'Warm up.mp4'), 2600);
  const picks = [warm, folder];
  const bench = await startUploadBench(join(dir, 'run'), () => undefined, { pickPaths: async () => [picks.shift()!] });
  try {
    const scanStart = performance.now();
    await scanFolder(folder);
    const scanMs = performance.now() - scanStart;
    const ideas = await bench.call<BusinessIdea[]>('businessIdeas', 'all');
    const defaults = { description: 'bench', type: 'Interview', businessIdeas: [ideas[0]!._id], keywords: [bench.keyword], category: [], level: 1, visibility: 'Public', freeToWatch: false };
    const importOf = async (preview: ImportPreview) =>
      bench.call('courseImport', 'start', {
        importId: preview.importId,
        titles: {},
        course: { name: `Bench import ${Date.now()}`, language: 'English', thumbnailGrantId: preview.thumbnail!.grantId },
        defaults,
      });
    await importOf((await bench.call<ImportPreview | null>('courseImport', 'pick', { target: { kind: 'course' } }))!);
    while ((await bench.call<ImportStatus | null>('courseImport', 'status'))?.phase !== 'done') await new Promise((r) => setTimeout(r, 100));
    const before = await settledRssMiB();
    let peak = rssMiB();
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);

    const previewStart = performance.now();
    const preview = (await bench.call<ImportPreview | null>('courseImport', 'pick', { target: { kind: 'course' } }))!;
    const previewMs = performance.now() - previewStart;
    const builtStart = performance.now();
    await importOf(preview);
    let status: ImportStatus | null = null;
    const built = (s: ImportStatus) => s.folders.made === s.folders.total && s.entries.every((e) => e.kind === 'folder' || e.state !== 'waiting');
    let foldersMs = 0;
    for (;;) {
      status = await bench.call<ImportStatus | null>('courseImport', 'status');
      if (!foldersMs && status && status.folders.made === status.folders.total) foldersMs = performance.now() - builtStart;
      if (status && built(status)) break;
      if (performance.now() - builtStart > 120_000) throw new Error(`not built in 120 s: ${JSON.stringify(status?.folders)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const builtMs = performance.now() - builtStart;
    if (!uploads) await bench.call('bulk', 'pause');
    const growth = (await settledRssMiB()) - before;
    clearInterval(sampler);

    let doneMs: number | null = null;
    if (uploads) {
      for (;;) {
        status = await bench.call<ImportStatus | null>('courseImport', 'status');
        if (status?.phase === 'done') break;
        if (performance.now() - builtStart > 900_000) throw new Error(`not done in 900 s: ${JSON.stringify(status?.videos)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      doneMs = performance.now() - builtStart;
    }

    console.log(`${videos} videos, ${status!.folders.total} folders, 3 levels; the preview has ${preview.nodes.length} rows (main read the folder in ${preview.readMs} ms)`);
    row('preview', `${previewMs.toFixed(0)} ms`, `${BUDGET.previewMs} ms`, previewMs / BUDGET.previewMs);
    console.log(`           reference: the bulk queue's folder scan of the same folder ${scanMs.toFixed(0)} ms (preview ${(previewMs / scanMs).toFixed(1)} x it)`);
    row('built', `${(builtMs / 1000).toFixed(2)} s`, `${BUDGET.builtMs / 1000} s`, builtMs / BUDGET.builtMs);
    console.log(`           of which the ${status!.folders.total} folders (the course first) ${(foldersMs / 1000).toFixed(2)} s; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    row('memory', `${growth.toFixed(1)} MiB`, `${BUDGET.memoryMiB} MiB`, growth / BUDGET.memoryMiB);
    console.log(`           peak RSS growth while building ${(peak - before).toFixed(1)} MiB`);
    if (doneMs !== null) {
      console.log(`uploads    ${(doneMs / 1000).toFixed(1)} s from Import to every video uploaded and linked (${status!.videos.linked} linked, ${status!.videos.failed} not)`);
    }
    return previewMs <= BUDGET.previewMs && builtMs <= BUDGET.builtMs && growth <= BUDGET.memoryMiB && (doneMs === null || status!.videos.linked === videos);
  } finally {
    await bench.close();
    await rm(dir, { recursive: true, force: true });
  }
}
