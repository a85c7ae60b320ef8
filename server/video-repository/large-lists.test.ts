import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentListing } from '../../src/shared/schemas/courses';
import type { TopicList } from '../../src/shared/schemas/topics';
import { DRIVERS, startTestServer, type TestServer } from '../testing';
import { seedBenchCourse } from './seed';

/** The benchmark's large lists on the server side: one call each, whatever the size. */
describe.each(DRIVERS)('large course folders ($name)', (driver) => {
  let s: TestServer;
  let token: string;
  let ids: Awaited<ReturnType<typeof seedBenchCourse>>;

  beforeAll(async () => {
    s = await startTestServer(driver, { seedDemo: true });
    token = await s.login();
    ids = await seedBenchCourse(s.db, { files: 5000, topics: 1000 });
  }, 120_000);
  afterAll(async () => s?.dispose());

  it('opens a folder of 5,000 documents in one call, in order', async () => {
    const started = performance.now();
    const { status, body } = await s.call('GET', `/video-repository/document/${ids.bigFolderId}`, { token });
    const ms = performance.now() - started;
    expect(status).toBe(200);
    const listing = body as unknown as DocumentListing;
    expect(listing.descendants.length).toBe(5000);
    expect(listing.descendants[0]!.title).toBe('Video 1');
    expect(listing.descendants.at(-1)!.title).toBe('Video 5000');
    console.log(`[large-lists ${driver.name}] GET /document (5,000 rows): ${ms.toFixed(0)} ms`);
  });

  it('lists a module of 1,000 topics and saves their reversed order in one call', async () => {
    const list = (await s.call('GET', `/video-repository/topic/admin/${ids.manyTopicsId}`, { token })).body as unknown as TopicList;
    expect(list.topics.length).toBe(1000);
    const reversed = list.topics.map((t) => t._id).reverse();
    const started = performance.now();
    const saved = await s.call('PUT', '/video-repository/topic/update-sequence', { token, body: { topics: reversed } });
    const ms = performance.now() - started;
    expect(saved.status).toBe(200);
    const after = (await s.call('GET', `/video-repository/topic/admin/${ids.manyTopicsId}`, { token })).body as unknown as TopicList;
    expect(after.topics.map((t) => t._id)).toEqual(reversed);
    console.log(`[large-lists ${driver.name}] PUT /topic/update-sequence (1,000 ids): ${ms.toFixed(0)} ms`);
  });

  it('saves the reversed order of the 5,000 documents in one call', async () => {
    const before = (await s.call('GET', `/video-repository/document/${ids.bigFolderId}`, { token })).body as unknown as DocumentListing;
    const reversed = before.descendants.map((d) => d._id).reverse();
    const saved = await s.call('PUT', '/video-repository/document/reorder-sequence', { token, body: { descendants: reversed } });
    expect(saved.status).toBe(200);
    const after = (await s.call('GET', `/video-repository/document/${ids.bigFolderId}`, { token })).body as unknown as DocumentListing;
    expect(after.descendants.map((d) => d._id)).toEqual(reversed);
  });
});
