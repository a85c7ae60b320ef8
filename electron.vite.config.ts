import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { noticesPlugin } from './scripts/notices.mjs';

const root = process.cwd();

export default defineConfig({
  // Each build records the packages it bundled; the notices (out/third-party-notices.json) list them with
  // the production dependencies the package carries in node_modules (scripts/notices.mjs).
  main: {
    plugins: [noticesPlugin('main')],
    // Main loads its npm dependencies from node_modules at run time (fastify, PGlite, keytar, ...).
    // The list and media workers are their own entries: main starts out/main/<name>.js in a worker thread.
    // mediainfo.js stays external: its .wasm is read from node_modules (unpacked from the asar). So is the
    // local sandbox: main starts out/main/sandbox.js (the reference server) in a utility process on demand.
    build: {
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          'list-worker': resolve(root, 'src/main/services/lists/worker.ts'),
          'media-worker': resolve(root, 'src/main/services/media-worker.ts'),
          sandbox: resolve(root, 'src/main/sandbox/child.ts'),
        },
      },
    },
  },
  preload: {
    plugins: [noticesPlugin('preload')],
    build: {
      // A sandboxed preload can require only 'electron': its dependencies (valibot) are bundled in.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react(), noticesPlugin('renderer')],
    server: { host: '127.0.0.1' },
    build: {
      // electron-vite leaves the renderer unminified by default; the initial JS budget needs it.
      minify: true,
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
