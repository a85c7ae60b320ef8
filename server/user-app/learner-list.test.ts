import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from '../testing';
import { generatedDoneSql, seedManyLearners } from './seed';
import { CURSOR_BATCH } from '../streamed-list';

describe.each(DRIVERS)('the learner list ($name)', (driver) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(driver);
    token = await server.login();
  }, 60_000);
  afterAll(() => server?.dispose());

  it('spreads completed videos past 271,000 learners without overflowing an int', async () => {
    // g * 7919 passes 2^31 at g = 271,183: the seed of a million learners failed there.
    const rows = await server.db.query<{ g: number; done: string | number }>(
      `SELECT g, ${generatedDoneSql('g', '6')} AS done FROM unnest($1::int[]) AS s(g) ORDER BY g`,
      [[271_182, 271_183, 1_000_000, 999_999_999]],
    );
    expect(rows.map((r) => Number(r.done))).toEqual([271_182, 271_183, 1_000_000, 999_999_999].map((g) => (g * 7919) % 7));
  });

  it('streams every learner from a cursor, across batches, in the list order', async () => {
    const added = 2 * CURSOR_BATCH + 17;
    await seedManyLearners(server.db, added);
    const response = await fetch(`${server.url}/user-app/user`, { headers: { authorization: token } });
    expect(response.status).toBe(200);
    // Streamed: no Content-Length, chunked.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: boolean; message: string; users: { _id: string; userInfo: { mobileNumber: string; loginTime: string; token: string } }[] };
    expect(body.error).toBe(false);
    expect(body.message).toBe('OK');
    const expected = await server.db.query<{ id: string }>(`SELECT id FROM learners ORDER BY login_time DESC NULLS LAST, mobile_number`);
    expect(expected.length).toBe(added);
    expect(body.users.map((u) => u._id)).toEqual(expected.map((r) => r.id));
    expect(body.users.every((u) => /^[0-9a-f]{64}$/.test(u.userInfo.token))).toBe(true);
  }, 60_000);

  it('answers an empty list as an empty array', async () => {
    await server.db.query(`DELETE FROM learners`);
    const { status, body } = await server.call('GET', '/user-app/user', { token });
    expect(status).toBe(200);
    expect(body).toEqual({ error: false, message: 'OK', users: [] });
  });
});
