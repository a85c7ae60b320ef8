/**
 * Test support for the server's own tests: the storage drivers to run against, and a started server
 * with a movable clock and small helpers. PostgreSQL runs when TEST_DATABASE_URL is set; every server
 * gets its own fresh schema, dropped on close, so runs never collide.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { SANDBOX_DEFAULTS, startServer, type RunningServer, type ServerOptions } from './app';

export interface Driver {
  name: 'pglite' | 'postgres';
  /** Storage options for one server; `schema` keeps the same schema across restarts. */
  options(schema?: string): Pick<ServerOptions, 'databaseUrl' | 'databaseSchema'>;
  /** A fresh schema name (postgres) for one test's servers. */
  freshSchema(): string | undefined;
  dropSchema(schema: string | undefined): Promise<void>;
}

const pgUrl = process.env.TEST_DATABASE_URL || undefined;

export const DRIVERS: Driver[] = [
  {
    name: 'pglite',
    options: () => ({}),
    freshSchema: () => undefined,
    dropSchema: async () => undefined,
  },
  ...(pgUrl
    ? [
        {
          name: 'postgres' as const,
          options: (schema?: string) => ({ databaseUrl: pgUrl, databaseSchema: schema }),
          freshSchema: () => `cc_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
          async dropSchema(schema: string | undefined) {
            if (!schema) return;
            const client = new pg.Client({ connectionString: pgUrl });
            await client.connect();
            try {
              await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
            } finally {
              await client.end();
            }
          },
        },
      ]
    : []),
];

export const ADMIN = { ...SANDBOX_DEFAULTS };
export const b64 = (plain: string): string => `b64:${Buffer.from(plain, 'utf8').toString('base64')}`;

export interface Envelope {
  error: boolean;
  message?: string;
  errorMessage?: string;
  [field: string]: unknown;
}

export interface TestServer extends RunningServer {
  clock: { now: Date; advance(ms: number): void };
  call(method: string, path: string, options?: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<{ status: number; body: Envelope }>;
  login(email?: string, password?: string): Promise<string>;
  /** Closes the server and drops its schema (postgres). */
  dispose(): Promise<void>;
}

export async function startTestServer(driver: Driver, options: ServerOptions = {}, schema = driver.freshSchema()): Promise<TestServer> {
  const clock = {
    now: new Date('2030-01-15T09:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const server = await startServer({ admin: ADMIN, now: () => clock.now, checkResponses: true, reuseFreshCluster: true, ...driver.options(schema), ...options });
  const call: TestServer['call'] = async (method, path, { token, body, raw, headers } = {}) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return { status: response.status, body: (await response.json()) as Envelope };
  };
  return {
    ...server,
    clock,
    call,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const { status, body } = await call('POST', '/admin-auth/login', { body: { email, encryptedPassword: b64(password) } });
      if (status !== 200 || typeof body.token !== 'string') throw new Error(`login failed: ${status} ${body.errorMessage}`);
      return body.token;
    },
    async dispose() {
      await server.close();
      await driver.dropSchema(schema);
    },
  };
}

/** A multipart body by hand (fetch's FormData would sanitise what these tests need to send). */
export function multipart(fields: Record<string, string>, files: { field: string; name: string; type?: string; data: Buffer }[]) {
  const boundary = '----cc-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
