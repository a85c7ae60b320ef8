/**
 * A worker of main's (the list worker, the media worker) where main runs from its TypeScript source: the
 * bridge host under tsx, and vitest. The built app starts the bundles electron.vite.config.ts makes
 * (out/main/list-worker.js, media-worker.js); here each start bundles its entry the same way with esbuild (10 to
 * 50 ms, so an edited source is never missed) into one ES module whose npm packages stay imports from
 * node_modules.
 *
 * Why not tsx in the worker: every worker thread then registered tsx's loader, which runs on a thread of its
 * own and answers each module's resolve and load through a message round trip. A worker's start cost 1 to 2 s
 * of CPU that way, and the tests start about seventy (a fresh media worker per service, the recycling tests).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';

export function startSourceWorker(entry: URL): Worker {
  return new Worker(bundleOf(entry));
}

function bundleOf(entry: URL): string {
  // A development dependency, loaded only here: the built app never runs this.
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof Esbuild;
  const built = esbuild.buildSync({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]!.contents;
  // In node_modules/.cache, so that the bundle's package imports resolve from the project's node_modules as
  // the sources' do. Named by its content: a changed source makes a new file, never a stale one, and two
  // processes making the same bundle write the same bytes (each under a name of its own, then renamed).
  const modules = dirname(dirname(dirname(require.resolve('esbuild'))));
  const folder = join(modules, '.cache', 'content-console-workers');
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = join(folder, `${basename(fileURLToPath(entry), '.ts')}-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}
