import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';
import react from '@vitejs/plugin-react';

const root = process.cwd();

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve(root, 'src/main/index.ts') } } },
  },
  preload: {
    // A sandboxed preload can require only 'electron': its dependencies (valibot) are bundled in.
    plugins: [],
    build: {
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload must be a single CommonJS file.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [react()],
    server: { host: '127.0.0.1' },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
