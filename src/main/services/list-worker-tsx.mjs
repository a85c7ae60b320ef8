// Runs the list worker from its TypeScript source (the browser bridge under tsx, and vitest): tsx
// compiles it in this thread. The built app starts the bundled out/main/list-worker.js instead.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
