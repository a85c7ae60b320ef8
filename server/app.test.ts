import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, SERVICES, type CallDef } from '../src/shared/api/index';
import { LANGUAGES } from '../src/shared/constants';
import { MSG } from '../src/shared/messages';
import { buildServer, DEMO_ADMIN, listRoutes, readOutbox } from './app';
import type { Handlers } from './context';
import { openDb } from './db';
import { handlers } from './handlers';
import { migrate, MIGRATIONS } from './migrations';
import { contractRoutes, registerContract } from './routes';
import { seedDemo } from './seed';
import { ADMIN, b64, DRIVERS, startTestServer, type TestServer } from './testing';
import { FRAMEWORK_TEXT, MAX_PARAM_LENGTH } from './framework-errors';

const entries = Object.entries(contract).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, CallDef>).map(([call, def]) => ({ group, call, def })),
);

const expectedRoute = (def: CallDef): string => `${def.method} ${SERVICES[def.service]}${def.path.replace(/\{(\w+)\}/g, ':$1')}`;

describe('routes from the contract', () => {
  it('registerContract reports what Fastify mounted: one route per entry, under its service prefix with :params', () => {
    const app = Fastify();
    const returned = registerContract(app, handlers, {} as never);
    const routes = listRoutes(app);
    expect(routes.map((r) => `${r.group}.${r.call} ${r.method} ${r.url}`).sort()).toEqual(
      entries.map(({ group, call, def }) => `${group}.${call} ${expectedRoute(def)}`).sort(),
    );
    expect(returned).toEqual(listRoutes(app));
  });

  it('two entries share a method and path only as one multipart and one JSON call', () => {
    const app = Fastify();
    registerContract(app, handlers, {} as never);
    const shared = listRoutes(app).filter((r) => r.method === 'POST' && r.url === '/library/quotes');
    expect(shared.map((r) => r.call).sort()).toEqual(['addQuote', 'addTip']);
    // Fastify itself holds one route for the pair.
    expect(app.hasRoute({ method: 'POST', url: '/library/quotes' })).toBe(true);
  });

  it('a contract entry without a handler stops the server from starting', () => {
    const { delete: _removed, ...rest } = handlers.adminAuth;
    const incomplete = { ...handlers, adminAuth: rest } as unknown as Handlers;
    expect(() => contractRoutes(incomplete)).toThrow('no handler for contract entry adminAuth.delete');
    const extra = { ...handlers, videoRepository: { ...handlers.videoRepository, ghost: async () => ({}) } } as unknown as Handlers;
    expect(() => registerContract(Fastify(), extra, {} as never)).toThrow('Handler videoRepository.ghost has no contract entry');
  });
});

describe('the HTTP surface (pglite, in memory)', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(DRIVERS[0]!);
    token = await s.login();
  });
  afterAll(() => s?.dispose());

  it('the running app has exactly the contract routes', () => {
    expect(listRoutes(s.app).map((r) => `${r.method} ${r.url}`).sort()).toEqual(entries.map(({ def }) => expectedRoute(def)).sort());
    for (const { def } of entries) expect(s.app.hasRoute({ method: def.method, url: `${SERVICES[def.service]}${def.path.replace(/\{(\w+)\}/g, ':$1')}` })).toBe(true);
  });

  it('video repository languages: the offered languages, with a token only', async () => {
    expect(await s.call('GET', '/video-repository/languages', { token })).toEqual({ status: 200, body: { error: false, message: 'OK', languages: [...LANGUAGES] } });
    expect((await s.call('GET', '/video-repository/languages')).status).toBe(401);
  });

  it('an unknown route is a 404 envelope; a method the path does not serve is a 405 envelope with Allow', async () => {
    expect(await s.call('GET', '/admin-auth/nope?token=secret')).toEqual({ status: 404, body: { error: true, errorMessage: 'Not found: GET /admin-auth/nope' } });
    const wrong = await fetch(`${s.url}/admin-auth/users?token=secret`, { method: 'DELETE', headers: { authorization: token } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(await wrong.json()).toEqual({ error: true, errorMessage: FRAMEWORK_TEXT.method('DELETE', '/admin-auth/users', ['GET', 'HEAD']) });
    // A path with a parameter: the methods of its pattern.
    const patterned = await fetch(`${s.url}/question-bank/questions/abc`, { method: 'GET', headers: { authorization: token } });
    expect(patterned.status).toBe(405);
    expect(patterned.headers.get('allow')).toBe('PUT');
  });

  it('a path parameter over its limit is a 414 envelope that does not echo the path', async () => {
    const long = 'x'.repeat(MAX_PARAM_LENGTH + 1);
    const response = await fetch(`${s.url}/admin-auth/get-user/${long}`, { headers: { authorization: token } });
    expect(response.status).toBe(414);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: true, errorMessage: FRAMEWORK_TEXT.paramTooLong });
    expect(body).not.toContain(long);
  });

  it('headers over the limit are a 431 envelope (Node answers before Fastify)', async () => {
    const response = await fetch(`${s.url}/video-repository/languages`, { headers: { authorization: token, 'x-padding': 'p'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ error: true, errorMessage: FRAMEWORK_TEXT.headersTooLarge });
  });

  it('an address that is not a valid URL is a 400 envelope', async () => {
    const response = await fetch(`${s.url}/admin-auth/get-user/%E0%A4%A`, { headers: { authorization: token } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: true, errorMessage: FRAMEWORK_TEXT.badUrl });
  });

  it('a body that is not JSON → 415 envelope', async () => {
    const response = await fetch(`${s.url}/admin-auth/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: true, errorMessage: 'Send the request body as JSON (Content-Type: application/json).' });
  });

  it('works through inject() too', async () => {
    const response = await s.app.inject({ method: 'GET', url: '/video-repository/languages', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ error: false, languages: [...LANGUAGES] });
  });

  it('an unexpected failure is a 500 with the generic message', async () => {
    const broken = await startTestServer(DRIVERS[0]!);
    const brokenToken = await broken.login();
    await broken.db.close();
    expect(await broken.call('GET', '/admin-auth/users', { token: brokenToken })).toEqual({ status: 500, body: { error: true, errorMessage: MSG.somethingWentWrong } });
    await broken.app.close().catch(() => undefined);
  });
});

describe.each(DRIVERS)('storage ($name)', (driver) => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cc-server-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('migrations apply once; a restart on the same data keeps everything and applies nothing', async () => {
    const dataDir = path.join(root, 'data');
    const schema = driver.freshSchema();
    const first = await startTestServer(driver, { dataDir, seedDemo: true, resetLinkBase: 'http://localhost:5173' }, schema);
    try {
      const token = await first.login();
      const draft = { name: 'Lakshmi Menon', email: 'lakshmi.menon@example.in', phoneNo: '9447001122', role: 'Admin', status: 'Active' };
      expect((await first.call('POST', '/admin-auth/register', { token, body: draft })).status).toBe(200);
      const before = (await first.call('GET', '/admin-auth/users', { token })).body.users;
      await first.close();

      const second = await startTestServer(driver, { dataDir, seedDemo: true }, schema);
      try {
        expect(await second.db.query(`SELECT id, name FROM schema_migrations ORDER BY id`)).toEqual(MIGRATIONS.map(({ id, name }) => ({ id, name })));
        expect(await migrate(second.db)).toEqual([]);
        // The token of the first run still works, the data is all there, and the demo was not seeded twice.
        expect((await second.call('GET', '/admin-auth/users', { token })).body.users).toEqual(before);
        // The outbox is files in the data folder, read newest first.
        const files = await readdir(path.join(dataDir, 'outbox'));
        expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(1);
        const [welcome] = await readOutbox(dataDir);
        expect(welcome).toMatchObject({ to: draft.email, subject: 'Set your Content Console password' });
        expect(welcome!.links[1]).toMatch(/^http:\/\/localhost:5173\/#\/reset-password\?token=[\w-]{43}$/);
        expect(await second.readOutbox()).toEqual(await readOutbox(dataDir));
      } finally {
        await second.dispose();
      }
    } finally {
      await first.close();
      await driver.dropSchema(schema);
    }
  });

  it('demo content: realistic admins, idempotent, only on a fresh database; a demo Admin can sign in', async () => {
    const schema = driver.freshSchema();
    const s = await startTestServer(driver, { seedDemo: true }, schema);
    try {
      const token = await s.login();
      const users = (await s.call('GET', '/admin-auth/users', { token })).body.users as { role: string; status: string }[];
      expect(users.length).toBeGreaterThanOrEqual(8);
      expect(new Set(users.map((u) => u.status))).toEqual(new Set(['Active', 'Inactive']));
      // Every domain's seed adds nothing the second time (whatever domains there are).
      expect(Object.values(await seedDemo(s.db)).filter((added) => added !== 0)).toEqual([]);
      expect((await s.call('GET', '/admin-auth/users', { token })).body.users).toHaveLength(users.length);
      const demo = await s.call('POST', '/admin-auth/login', { body: { email: DEMO_ADMIN.email, encryptedPassword: b64(DEMO_ADMIN.password) } });
      expect(demo.body).toMatchObject({ error: false, userDetails: { role: 'Admin' } });
    } finally {
      await s.dispose();
    }
  });

  it('the configured Super Admin is restored on start (role, status, password)', async () => {
    const schema = driver.freshSchema();
    const dataDir = path.join(root, 'restore');
    const first = await startTestServer(driver, { dataDir }, schema);
    await first.db.query(`UPDATE admins SET status = 'Inactive', role = 'Admin', password_hash = NULL`);
    await first.close();
    const second = await startTestServer(driver, { dataDir }, schema);
    try {
      expect(await second.login(ADMIN.email, ADMIN.password)).toBeTruthy();
      const [row] = await second.db.query<{ role: string; status: string }>(`SELECT role, status FROM admins`);
      expect(row).toEqual({ role: 'Super Admin', status: 'Active' });
    } finally {
      await second.dispose();
    }
  });
});

describe('openDb', () => {
  it('rolls a failed transaction back', async () => {
    const db = await openDb({});
    try {
      await migrate(db);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`INSERT INTO admins (id, name, email, phone_no, role, status, added_at, updated_at) VALUES ('x', 'X', 'x@y.in', '9876543210', 'User', 'Active', now(), now())`);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await db.query(`SELECT id FROM admins`)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('buildServer refuses a bad schema name before touching PostgreSQL', async () => {
    await expect(buildServer({ databaseUrl: 'postgres://127.0.0.1:1/x', databaseSchema: 'x; DROP TABLE admins' })).rejects.toThrow('Invalid database schema name');
  });
});
