// Runs a worker (the list worker, the media worker) from its TypeScript source (the browser bridge under tsx, and vitest): tsx
// compiles it in this thread. The built app starts the bundled one (out/main/list-worker.js, media-worker.js) instead.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
