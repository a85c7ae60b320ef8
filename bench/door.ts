/**
 * `npm run bench -- door`: what the one door (src/main/services/door.ts) adds to a call, against
 * today's path without it (the bare HTTP client, as bulk upload and folder import called it before),
 * measured in the same run against the same reference server on PGlite. Target (issue "One door"):
 * under 1 ms per call, for a read and for a write (the write recorded in History, the kept lists
 * dropped). The two paths alternate call by call (which goes first, by turns), so a slow moment of a
 * loaded machine falls on both; the figure is the median of the paired differences.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SANDBOX_DEFAULTS, startServer } from '../server/app';
import { createCore } from '../src/main/core';
// The bench compares the door with the bare client: the one other place that makes it (eslint.config.js).
import { createHttpClient } from '../src/main/services/http';
import { memoryTokenStore } from '../src/main/services/token-stores';
import { channelOf, contract, SERVICES, type ServiceName } from '../src/shared/api';
import type { Result } from '../src/shared/result';
import type { SynonymGroup } from '../src/shared/schemas/synonyms';
import { median } from './stats';

const BUDGET_MS = 1;
const PAIRS = Number(process.env.BENCH_DOOR_PAIRS ?? 300);
const WARMUP = 30;

export async function run(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-door-'));
  process.env.CONTENT_CONSOLE_QUIET = '1';
  const server = await startServer({ dataDir: join(dir, 'server'), admin: SANDBOX_DEFAULTS });
  const core = await createCore({ stateDir: join(dir, 'state'), tokenStore: memoryTokenStore(), startSandbox: async () => server, emit: () => undefined });
  const door = (group: string, name: string) => core.handlers.get(channelOf(group, name))!;
  const must = <T>(result: Result<unknown>, what: string): T => {
    if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
    return result.data as T;
  };
  try {
    must(await door('settings', 'setConnection')({ kind: 'sandbox' }), 'connect');
    must(await door('session', 'login')(SANDBOX_DEFAULTS), 'login');
    const bare = createHttpClient({
      baseFor: (service: ServiceName) => server.url + SERVICES[service],
      token: () => core.session.currentToken(),
      onUnauthorized: async () => undefined,
      log: () => undefined,
    });
    const keyword = `door bench ${Date.now()}`;
    must(await door('library', 'addSynonyms')({ keyword, synonyms: ['one', 'two'] }), 'add a group');
    const groups = must<SynonymGroup[]>(await door('library', 'synonyms')({}), 'synonyms');
    const group = groups.find((g) => g.keyword === keyword)!;
    const update = { id: group._id, keyword, synonyms: ['one', 'two'] };

    const cases = [
      { name: 'read (GET /synonyms)', direct: () => bare(contract.library.synonyms, {}, 'bench'), viaDoor: () => door('library', 'synonyms')({}) },
      { name: 'write (PUT /synonyms/{id}, recorded)', direct: () => bare(contract.library.updateSynonyms, update, 'bench'), viaDoor: () => door('library', 'updateSynonyms')(update) },
    ];
    let passed = true;
    const rows: string[] = [];
    for (const c of cases) {
      const time = async (fn: () => Promise<Result<unknown>>) => {
        const started = performance.now();
        must(await fn(), c.name);
        return performance.now() - started;
      };
      for (let i = 0; i < WARMUP; i++) {
        await time(c.direct);
        await time(c.viaDoor);
      }
      const direct: number[] = [];
      const viaDoor: number[] = [];
      const added: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        // By turns which goes first.
        let d: number;
        let o: number;
        if (i % 2 === 0) {
          d = await time(c.direct);
          o = await time(c.viaDoor);
        } else {
          o = await time(c.viaDoor);
          d = await time(c.direct);
        }
        const pair = [d, o] as const;
        direct.push(pair[0]);
        viaDoor.push(pair[1]);
        added.push(pair[1] - pair[0]);
      }
      const extra = median(added);
      const ok = extra < BUDGET_MS;
      passed &&= ok;
      rows.push(`${c.name.padEnd(40)} ${median(direct).toFixed(3).padStart(9)} ms ${median(viaDoor).toFixed(3).padStart(9)} ms ${extra.toFixed(3).padStart(9)} ms  ${ok ? 'pass' : 'FAIL'} (< ${BUDGET_MS} ms)`);
    }
    console.log(`${'call'.padEnd(40)} ${'today'.padStart(12)} ${'door'.padStart(12)} ${'added'.padStart(12)}   (medians of ${PAIRS} pairs)`);
    for (const row of rows) console.log(row);
    return passed;
  } finally {
    await core.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
