import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Builds the component fixtures of this folder and serves them on an ephemeral loopback port. A build
 * (not the dev server) so that no dependency re-optimisation reloads the page in the middle of a test.
 */
export async function serveFixtures(): Promise<{ url: string; server: PreviewServer }> {
  const root = resolve(import.meta.dirname);
  const outDir = mkdtempSync(join(tmpdir(), 'cc-fixtures-'));
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
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
