/**
 * `node --import tsx scripts/fresh-cluster.ts`: PGlite's fresh cluster for the run, made once in the file that
 * PGLITE_FRESH_CLUSTER names (server/db.ts, reuseFreshCluster). `npm test` runs it before vitest, so that the
 * test processes and the walks' seeded sandbox start from a copy (about 1.4 s of CPU) instead of running
 * initdb each (about 8.5 s). A file that is there already is kept.
 */
import { stat } from 'node:fs/promises';
import { openDb } from '../server/db';

const file = process.env.PGLITE_FRESH_CLUSTER;
if (!file) throw new Error('Set PGLITE_FRESH_CLUSTER to the file to make (npm test does).');
const db = await openDb({ reuseFreshCluster: true });
await db.close();
// server/db.ts writes the file as a shortcut and lets a failed write pass: here it is the whole point.
const { size } = await stat(file);
console.log(`fresh-cluster: ${file} (${Math.round(size / 1024 / 1024)} MiB)`);
