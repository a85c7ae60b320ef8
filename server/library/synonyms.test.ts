import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_TEXT } from '../../src/shared/engagement-messages';
import { DRIVERS, startTestServer, type TestServer } from '../testing';

/** What the server itself refuses (main validates first, so these requests are sent by hand). */
describe.each(DRIVERS)('synonym groups on the server ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(driver, { seedDemo: true });
    token = await s.login();
  });
  afterAll(() => s?.dispose());

  const list = async () => (await s.call('GET', '/library/synonyms', { token })).body.synonyms as { _id: string; keyword: string }[];

  it('refuses a missing group, no synonym and a too long name with a 400, and changes nothing', async () => {
    const before = await list();
    const [first] = before;
    const bad: [string, string, unknown, string][] = [
      ['POST', '/library/synonyms', { synonyms: ['a'] }, ENGAGEMENT_TEXT.enterGroup],
      ['POST', '/library/synonyms', { keyword: '  ', synonyms: ['a'] }, ENGAGEMENT_TEXT.enterGroup],
      ['POST', '/library/synonyms', { keyword: 'x', synonyms: [] }, ENGAGEMENT_TEXT.addSynonym],
      ['POST', '/library/synonyms', { keyword: 'x', synonyms: ['  '] }, ENGAGEMENT_TEXT.addSynonym],
      ['POST', '/library/synonyms', { keyword: 'x'.repeat(101), synonyms: ['a'] }, ENGAGEMENT_TEXT.groupTooLong],
      ['PUT', `/library/synonyms/${first!._id}`, { keyword: 'renamed', synonyms: 'a,b' }, ENGAGEMENT_TEXT.addSynonym],
    ];
    for (const [method, path, body, message] of bad) {
      expect(await s.call(method, path, { token, body }), `${method} ${JSON.stringify(body)}`).toEqual({ status: 400, body: { error: true, errorMessage: message } });
    }
    expect(await list()).toEqual(before);
  });

  it('needs a token to list or change; the keywords stay open (no auth in the spec)', async () => {
    expect((await s.call('GET', '/library/synonyms')).status).toBe(401);
    expect((await s.call('POST', '/library/synonyms', { body: { keyword: 'x', synonyms: ['y'] } })).status).toBe(401);
    expect((await s.call('GET', '/library/synonyms/keywords')).status).toBe(200);
  });
});
