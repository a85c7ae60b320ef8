import { mkdtempSync } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build, preview, type PreviewServer } from 'vite';
import react from '@vitejs/plugin-react';

const root = resolve(import.meta.dirname);

/**
 * The fixtures' build. In an end-to-end run (E2E_SANDBOX_ROOT) it is made once, by the first spec file
 * that asks, into the run's folder; every other spec file and worker serves that same build (four spec
 * files built it again each, and again after a worker restart). A build (not the dev server) so that no
 * dependency re-optimisation reloads the page in the middle of a test.
 */
async function builtFixtures(): Promise<string> {
  const runRoot = process.env.E2E_SANDBOX_ROOT;
  if (!runRoot) return buildInto(mkdtempSync(join(tmpdir(), 'cc-fixtures-')));
  const outDir = join(runRoot, 'component-fixtures');
  const built = join(outDir, '.built');
  try {
    // Whoever makes the folder builds; the others wait for its mark.
    await mkdir(outDir);
  } catch {
    for (let waited = 0; waited < 180_000; waited += 100) {
      if (await access(built).then(() => true, () => false)) return outDir;
      await sleep(100);
    }
    throw new Error(`the component fixtures' build in ${outDir} did not finish within 3 minutes`);
  }
  try {
    await buildInto(outDir);
  } catch (error) {
    // The next spec file to ask builds again, instead of waiting for a mark that will never come.
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  await writeFile(built, '');
  return outDir;
}

async function buildInto(outDir: string): Promise<string> {
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** Serves the component fixtures of this folder on an ephemeral loopback port. */
export async function serveFixtures(): Promise<{ url: string; server: PreviewServer }> {
  const outDir = await builtFixtures();
  const server = await preview({ root, configFile: false, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server };
}


/** Serves the fixtures for the tests of one spec file; the returned function gives their base URL. */
export function fixturesFor(test: { beforeAll: (fn: () => Promise<void>) => void; afterAll: (fn: () => Promise<void>) => void }): () => string {
  let served: { url: string; server: PreviewServer } | null = null;
  test.beforeAll(async () => {
    served = await serveFixtures();
  });
  test.afterAll(async () => {
    await served?.server.close();
  });
  return () => served?.url ?? '';
}
