/**
 * `npm run bench -- door`: what the one door (src/main/services/door.ts) adds to a call, against
 * today's path without it (the bare HTTP client, as bulk upload and folder import called it before),
 * measured in the same run. Target (issue "One door"): under 1 ms per call, for a read and for a write
 * (the write recorded in History, the kept lists dropped). Both paths call the same small server that
 * answers from memory (sign-in, the synonym groups, their update), so that a platform's own time (tens
 * of ms on the reference server, varying on a loaded machine) does not drown what is measured. The two paths alternate call by call (which goes first, by turns); the figure is the
 * median of the paired differences.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SANDBOX_DEFAULTS } from '../server/app';
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

/** The synonym groups the front server answers from memory. */
const GROUPS = Array.from({ length: 20 }, (_, i) => ({ _id: `64b7f0c2a1b2c3d4e5f6${String(i).padStart(4, '0')}`, keyword: `keyword ${i}`, synonyms: ['one', 'two'], updatedAt: '2026-12-01T10:00:00.000Z' }));

/** The platform as far as the bench needs it, answering from memory: sign-in, the synonym groups and their update. */
async function platformStub(): Promise<Server & { url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && req.url === '/admin-auth/login') {
        return answer(200, { error: false, message: 'Logged in', token: 'bench-token', userDetails: { id: '64b7f0c2a1b2c3d4e5f60000', name: 'Bench Admin', email: 'bench@example.com', role: 'Super Admin' } });
      }
      if (req.url?.startsWith('/library/synonyms') && req.method === 'GET') return answer(200, { error: false, message: 'ok', synonyms: GROUPS });
      if (req.url?.startsWith('/library/synonyms/') && req.method === 'PUT') return answer(200, { error: false, message: 'Synonym group updated' });
      return answer(404, { error: true, errorMessage: 'Not in the bench' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(server, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

export async function run(): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'cc-bench-door-'));
  process.env.CONTENT_CONSOLE_QUIET = '1';
  const front = await platformStub();
  const core = await createCore({ stateDir: join(dir, 'state'), tokenStore: memoryTokenStore(), startSandbox: async () => { throw new Error('no sandbox in this bench'); }, emit: () => undefined });
  const door = (group: string, name: string) => core.handlers.get(channelOf(group, name))!;
  const must = <T>(result: Result<unknown>, what: string): T => {
    if (!result.ok) throw new Error(`${what}: ${result.error.message}`);
    return result.data as T;
  };
  try {
    must(await door('settings', 'setConnection')({ kind: 'remote', url: front.url }), 'connect');
    must(await door('session', 'login')(SANDBOX_DEFAULTS), 'login');
    const bare = createHttpClient({
      baseFor: (service: ServiceName) => front.url + SERVICES[service],
      token: () => core.session.currentToken(),
      onUnauthorized: async () => undefined,
      log: () => undefined,
    });
    const group = must<SynonymGroup[]>(await door('library', 'synonyms')({}), 'synonyms')[0]!;
    const update = { id: group._id, keyword: group.keyword, synonyms: ['one', 'two'] };

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
    await new Promise((resolve) => front.close(resolve));
    await rm(dir, { recursive: true, force: true });
  }
}
