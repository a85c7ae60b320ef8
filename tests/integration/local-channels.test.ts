/**
 * Main's own channels that no other file calls through main's handlers: the open dialog and a caption
 * file's text (files), the bulk queue's item calls with the dialog's answers, and the contract's
 * forgot-password entry. Real files on disk, a real server, the real core.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/app';
import { makeHostile } from '../media-matrix';
import { writeVideos } from '../../src/main/services/bulk/testing';
import type { GrantView } from '../../src/shared/api/app';
import type { BulkAddResult, BulkItemView } from '../../src/shared/schemas/bulk';
import { ADMIN, expectOk, startHarness, type Harness, PNG_1PX } from './harness';

let h: Harness;
let work: string;

beforeAll(async () => {
  h = await startHarness();
  await h.login();
  work = await mkdtemp(join(tmpdir(), 'cc-int-local-'));
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

type Status = { status: { running: boolean; concurrency: number }; overall: { filesTotal: number } };
const rows = async (ids: string[]) => expectOk(await h.call<BulkItemView[]>('bulk', 'get', { ids }));
async function until(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = performance.now() + ms;
  while (!(await done())) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const stateOf = async (id: string) => (await rows([id]))[0]!.state;

describe('files.pick', () => {
  it("grants the file the dialog chose (the page never names a path); a cancelled dialog grants nothing", async () => {
    const path = join(work, 'chosen.png');
    await writeFile(path, Buffer.from(PNG_1PX, 'hex'));
    h.dialogs.file.push(path);
    const granted = expectOk(await h.call<GrantView | null>('files', 'pick', { kind: 'image' }));
    expect(granted).toMatchObject({ name: 'chosen.png', size: PNG_1PX.length / 2, grantId: expect.any(String) });
    expect(expectOk(await h.call('files', 'pick', { kind: 'image' }))).toBeNull();
  });
});

describe('files.readText', () => {
  it("reads a granted caption file's text", async () => {
    const path = join(work, 'captions.vtt');
    await writeFile(path, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nनमस्ते\n');
    const grant = expectOk(await h.grantFile(path));
    expect(expectOk(await h.call('files', 'readText', { grantId: grant.grantId }))).toEqual({ name: 'captions.vtt', text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nनमस्ते\n' });
  });
});

describe('adminAuth.forgotPassword', () => {
  it('answers with the server message and mails a reset link', async () => {
    const answer = expectOk(await h.call<{ message: string }>('adminAuth', 'forgotPassword', { email: ADMIN.email }));
    expect(answer).toEqual({ message: 'If an account exists for this email, a reset link has been sent.' });
    const mail = (await readOutbox(h.dataDir)).find((m) => m.to === ADMIN.email);
    expect(mail?.links.some((link) => link.includes('token='))).toBe(true);
  });
});

describe("the harness's storage", () => {
  // `npm test` (and so CI) starts a PostgreSQL cluster: there the path main -> HTTP -> PostgreSQL runs.
  it('is PostgreSQL when TEST_DATABASE_URL is set (always in CI): what main adds is in that database', async () => {
    if (process.env.CI === 'true') expect(process.env.TEST_DATABASE_URL, 'CI runs the integration suite against PostgreSQL').toBeTruthy();
    if (!process.env.TEST_DATABASE_URL) {
      expect(h.database).toBe('pglite');
      return;
    }
    expect(h.database).toBe('postgres');
    const keyword = `stored in postgresql ${Date.now()}`;
    expectOk(await h.call('library', 'addSynonyms', { keyword, synonyms: ['pg'] }));
    const client = new pg.Client({ connectionString: h.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ synonyms: string[] }>('SELECT synonyms FROM synonym_groups WHERE keyword = $1', [keyword]);
      expect(rows).toEqual([{ synonyms: ['pg'] }]);
    } finally {
      await client.end();
    }
  });
});

describe('bulk item calls', () => {
  let ids: string[];
  beforeAll(async () => {
    await writeVideos(join(work, 'queued'), ['Item_one.mp4', 'Item_two.mp4', 'Item_three.mp4'], 8 * 1024);
  });

  it('bulk.pick adds the folder the dialog chose; a cancelled dialog adds nothing', async () => {
    h.dialogs.paths.push([join(work, 'queued')]);
    const added = expectOk(await h.call<BulkAddResult | null>('bulk', 'pick', { kind: 'folder' }));
    expect(added!.added).toHaveLength(3);
    ids = added!.added;
    expect(expectOk(await h.call('bulk', 'pick', { kind: 'files' }))).toBeNull();
    expect((await rows(ids)).map((r) => r.meta.title).sort()).toEqual(['Item one', 'Item three', 'Item two']);
  });

  it('bulk.setConcurrency, then pauseItems, resumeItems, cancelItems and retryItems move items between states', async () => {
    expect(expectOk(await h.call<Status>('bulk', 'setConcurrency', { concurrency: 1 })).status.concurrency).toBe(1);
    const [first] = ids;
    expectOk(await h.call('bulk', 'pauseItems', { ids: [first] }));
    expect(await stateOf(first!)).toBe('paused');
    expectOk(await h.call('bulk', 'resumeItems', { ids: [first] }));
    // Without a description and the other required fields the item waits as invalid.
    expect(['waiting', 'invalid']).toContain(await stateOf(first!));
    expectOk(await h.call('bulk', 'cancelItems', { ids: [first] }));
    expect(await stateOf(first!)).toBe('cancelled');
    expectOk(await h.call('bulk', 'retryItems', { ids: [first] }));
    expect(await stateOf(first!)).not.toBe('cancelled');
  });

  it('bulk.setThumbnail sets a granted image on items and clears it', async () => {
    const path = join(work, 'thumb.png');
    await writeFile(path, Buffer.from(PNG_1PX, 'hex'));
    const grant = expectOk(await h.grantFile(path));
    expectOk(await h.call('bulk', 'setThumbnail', { ids, grantId: grant.grantId }));
    expect((await rows(ids)).map((r) => r.thumbnail)).toEqual(ids.map(() => ({ name: 'thumb.png' })));
    expectOk(await h.call('bulk', 'setThumbnail', { ids: [ids[0]], grantId: null }));
    expect((await rows([ids[0]!]))[0]!.thumbnail).toBeNull();
  });

  it('bulk.replaceFile puts another file under an item', async () => {
    const [other] = await writeVideos(join(work, 'other'), ['Replacement.mp4'], 4 * 1024);
    const grant = expectOk(await h.grantFile(other!));
    expectOk(await h.call('bulk', 'replaceFile', { id: ids[1], grantId: grant.grantId }));
    expect((await rows([ids[1]!]))[0]!.file).toMatchObject({ name: 'Replacement.mp4', size: 4 * 1024 });
  });

  it('bulk.acceptDuplicates lets an item with the title of an earlier one go', async () => {
    await writeVideos(join(work, 'again'), ['Item_one.mp4'], 8 * 1024);
    h.dialogs.paths.push([join(work, 'again', 'Item_one.mp4')]);
    const [twin] = expectOk(await h.call<BulkAddResult | null>('bulk', 'pick', { kind: 'files' }))!.added;
    expect((await rows([twin!]))[0]!.duplicate).toMatchObject({ kind: 'queue', title: 'Item one' });
    expectOk(await h.call('bulk', 'acceptDuplicates', { ids: [twin] }));
    expect((await rows([twin!]))[0]!.duplicate).toBeNull();
    ids.push(twin!);
  });

  it('bulk.sendAnyway releases a file the media worker found not playable (held until then)', async () => {
    const { made } = await makeHostile(join(work, 'hostile'), ['truncated-phone.mov', 'empty.mp4', 'notes.mp4']);
    const picked = ['truncated-phone.mov', 'empty.mp4', 'notes.mp4'].filter((name) => made.has(name));
    h.dialogs.paths.push(picked.map((name) => made.get(name)!));
    const added = expectOk(await h.call<BulkAddResult | null>('bulk', 'pick', { kind: 'files' }))!.added;
    await until(async () => (await rows(added)).every((r) => r.probe !== 'pending'));
    const views = await rows(added);
    expect(views.map((r) => [r.file.name, r.held, r.verdict?.kind === 'unplayable' ? r.verdict.reason : r.verdict?.kind])).toEqual(
      picked.map((name) => [name, true, { 'truncated-phone.mov': 'index-missing', 'empty.mp4': 'empty', 'notes.mp4': 'not-media' }[name]]),
    );
    expectOk(await h.call('bulk', 'sendAnyway', { ids: [added[0]] }));
    expect((await rows([added[0]!]))[0]).toMatchObject({ held: false, verdict: { kind: 'unplayable' } });
    ids.push(...added);
  });

  it('bulk.remove takes items out of the queue', async () => {
    expect(expectOk(await h.call('bulk', 'remove', { ids }))).toEqual({ removed: ids.length });
    expect(await rows(ids)).toEqual([]);
  });
});
