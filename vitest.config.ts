import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/** One fresh call log per run: the integration tests write it, the coverage check reads it (tests/integration/call-log.ts). */
const callLog = process.env.CC_CALL_LOG ?? mkdtempSync(join(tmpdir(), 'cc-call-log-'));
if (!process.env.CC_CALL_LOG) process.on('exit', () => rmSync(callLog, { recursive: true, force: true }));
process.env.CC_CALL_LOG = callLog;
/**
 * PGlite's fresh cluster shared by the run's test processes (server/db.ts, reuseFreshCluster): the first to run
 * initdb writes it, the others copy it. `npm test` makes it before vitest starts; a run of vitest alone gets
 * a file of its own here.
 */
const freshClusterDir = process.env.PGLITE_FRESH_CLUSTER ? undefined : mkdtempSync(join(tmpdir(), 'cc-fresh-cluster-'));
if (freshClusterDir) process.on('exit', () => rmSync(freshClusterDir, { recursive: true, force: true }));
const freshCluster = process.env.PGLITE_FRESH_CLUSTER ?? join(freshClusterDir!, 'fresh-cluster.tar');
process.env.PGLITE_FRESH_CLUSTER = freshCluster;

export default defineConfig({
  test: {
    // PGlite's first open of a data folder takes seconds; integration tests start real servers.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: keep the parallelism modest so PGlite instances don't starve each other.
    maxWorkers: 2,
    env: { CONTENT_CONSOLE_QUIET: '1', CC_CALL_LOG: callLog, PGLITE_FRESH_CLUSTER: freshCluster },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['scripts/**/*.test.ts', 'src/**/*.test.ts'],
          // The files of a worker share one load of their modules: these tests took 45 % less CPU than with a
          // fresh module graph per file (85 s against 155 s, measured in one run). The few files that fake
          // timers or set process.env put them back after themselves.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The reference server's own tests: each file opens PGlite (and PostgreSQL) databases of its own. Its
        // files share their worker's module load too: 154 s of CPU against 219 s with a module graph per file,
        // the same 268 tests passing (measured in one run each, on a quiet machine).
        test: { name: 'server', include: ['server/**/*.test.ts'], isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        // The renderer's components, rendered into jsdom and driven as a person would (Testing Library).
        // Only these files get a DOM; everything else keeps Node's plain environment.
        test: {
          name: 'components',
          include: ['src/renderer/**/*.test.tsx'],
          environment: 'jsdom',
          // The files of a worker share one jsdom and one load of React and Fluent UI (half the CPU time);
          // each test unmounts what it rendered (src/renderer/test/setup.ts) and builds its own window.api.
          isolate: false,
          setupFiles: ['src/renderer/test/setup.ts'],
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The seeded template every harness copies is made once per run.
        // The files of a worker share one load of the server's and main's modules (each file still starts its
        // own server and core): 42 % less CPU than a fresh module graph per file (21 s against 36 s for eight
        // files, measured in one run).
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // After everything else: it reads what the integration tests really called.
        test: { name: 'coverage', include: ['tests/coverage/**/*.test.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
