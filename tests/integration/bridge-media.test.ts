/**
 * The browser preview's media route relays the signed-in session, so it serves only the page the host
 * served (its Host, Origin and this run's key) and only media: the connected server's media routes,
 * answers of a media type. Driven as an attacker would: plain requests, a spoofed Host (DNS rebinding),
 * another page's Origin, and JSON API routes through the proxy.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_TOO_DEEP } from '../../src/shared/schemas/common';
import { imageContentMessage } from '../../src/shared/image-signature';
import { startServer, type RunningServer } from '../../server/app';
import { contract, SERVICES } from '../../src/shared/api';
import type { CallDef } from '../../src/shared/api/contract';
import { isMediaRoute } from '../../src/main/services/media-proxy';
import type { Keyword, LibraryFile } from '../../src/shared/schemas/library';
import { startBridgeHost } from '../bridge/host';
import { BRIDGE_INLINE_MAX, BRIDGE_MEDIA_KEY_META, BRIDGE_MEDIA_PATH, BRIDGE_NEXT_DROP_PATH, BRIDGE_NEXT_PICK_PATH, BRIDGE_PATH, BRIDGE_RESULT_PATH, BRIDGE_TEST_BLANK_PATH, BRIDGE_TEST_SCRIPT_PATH, type BridgeMessage } from '../bridge/protocol';
import { freePort } from '../free-port';
import { ADMIN, expectOk, grantFileOf, seededCopy } from './harness';
import type { SeededStorage } from './seed-template';
import { channelOf } from '../../src/shared/api';
import type { Result } from '../../src/shared/result';

let root: string;
let server: RunningServer;
let host: Awaited<ReturnType<typeof startBridgeHost>>;
let key: string;
let video: LibraryFile;
let other: LibraryFile;

const call = async <T>(group: string, name: string, input: unknown = {}) => (await host.core.handlers.get(channelOf(group, name))!(input)) as Result<T>;
const media = (src: string, withKey = true) => `${host.url}${BRIDGE_MEDIA_PATH}?src=${encodeURIComponent(src)}${withKey ? `&key=${encodeURIComponent(key)}` : ''}`;

/** A GET with headers fetch() will not set (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function upload(title: string, name: string, bytes: Buffer): Promise<LibraryFile> {
  const path = join(root, name);
  await writeFile(path, bytes);
  const grant = expectOk(await grantFileOf(host.core, path));
  const keywords = expectOk(await call<Keyword[]>('library', 'keywords'));
  expectOk(
    await call('library', 'createMedia', {
      title, description: 'Proxy test', language: 'English', visibility: 'Restricted', status: '', level: 0, type: '', businessIdeas: [],
      category: [], keywords: [keywords[0]!._id], source: '', fileType: 'other', fileUrl: '', duration: 0, file: { grantId: grant.grantId },
    }),
  );
  return expectOk(await call<LibraryFile[]>('library', 'mediaList')).find((f) => f.title === title)!;
}

let storage: SeededStorage | undefined;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-bridge-media-'));
  await mkdir(join(root, 'state'));
  await mkdir(join(root, 'renderer'));
  await writeFile(
    join(root, 'renderer', 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'"></head><body></body></html>`,
  );
  storage = await seededCopy(join(root, 'server'));
  server = await startServer({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, host: '127.0.0.1', port: 0, admin: ADMIN });
  await writeFile(join(root, 'state', 'settings.json'), JSON.stringify({ connection: { kind: 'remote', url: server.url } }));
  host = await startBridgeHost({ port: await freePort(), rendererDir: join(root, 'renderer'), stateDir: join(root, 'state'), sandboxDir: join(root, 'sandbox') });
  expectOk(await call('session', 'login', ADMIN));
  video = await upload('Proxy video', 'clip.mp4', Buffer.from('0123456789abcdef'));
  other = await upload('Proxy bytes', 'notes.bin', Buffer.from('not media'));
  // The page gets this run's key from the host, in the page it serves.
  const page = await (await fetch(`${host.url}/`)).text();
  key = new RegExp(`<meta name="${BRIDGE_MEDIA_KEY_META}" content="([^"]+)">`).exec(page)?.[1] ?? '';
}, 60_000);
afterAll(async () => {
  await host?.close();
  await server?.close();
  await storage?.remove();
  await rm(root, { recursive: true, force: true });
});

describe("the preview's media proxy", () => {
  it('gives the page a per-run key and plays media for it', async () => {
    expect(key.length).toBeGreaterThanOrEqual(24);
    const answer = await fetch(media(video.previewUrl!.split('?')[0]!), { headers: { 'sec-fetch-site': 'same-origin', range: 'bytes=2-5' } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(await answer.text()).toBe('2345');
  });

  it('refuses a request without the key, a spoofed Host, and another origin', async () => {
    const src = video.previewUrl!;
    expect((await fetch(media(src, false))).status).toBe(403);
    expect((await fetch(`${media(src, false)}&key=${'x'.repeat(key.length)}`)).status).toBe(403);
    // What a DNS-rebinding page sends: this address under another name. The page itself is refused too.
    const rebound = { host: `attacker.example:${new URL(host.url).port}` };
    expect((await rawGet(media(src), rebound)).status).toBe(403);
    expect((await rawGet(`${host.url}/`, rebound)).body).not.toContain(key);
    expect((await fetch(media(src), { headers: { origin: 'https://attacker.example' } })).status).toBe(403);
    expect((await fetch(media(src), { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  });

  it('never relays a JSON API route, even with the key: no admin list, no token', async () => {
    for (const path of ['/admin-auth/users', '/admin-auth/profile', `/library/media?x=/library/media/file/${video._id}`, '/user-app/users']) {
      const answer = await fetch(media(`${server.url}${path}`));
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toBe('');
    }
    // Another site's pages are not fetched either.
    expect((await fetch(media('https://attacker.example/page'))).status).toBe(404);
  });

  it('passes on media types only: a stored file of another type is refused', async () => {
    const answer = await fetch(media(other.previewUrl!));
    expect(answer.status).toBe(415);
    expect(await answer.text()).toBe('');
  });

  it('the server sends nosniff with everything, and a file that is not media as a download', async () => {
    const stored = await fetch(other.previewUrl!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('x-content-type-options')).toBe('nosniff');
    expect(stored.headers.get('content-disposition')).toBe('attachment');
    const played = await fetch(video.previewUrl!);
    expect(played.headers.get('x-content-type-options')).toBe('nosniff');
    expect(played.headers.get('content-disposition')).toBeNull();
    expect((await fetch(`${server.url}/library/synonyms/keywords`)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("has no dialog stand-in routes and no test files unless a test runner asks: no local program chooses what the person's next pick grants", async () => {
    for (const path of [BRIDGE_NEXT_PICK_PATH, BRIDGE_NEXT_DROP_PATH]) {
      const answer = await fetch(`${host.url}${path}`, { method: 'POST', body: JSON.stringify({ path: '/etc/passwd' }) });
      expect(answer.status, path).toBe(404);
    }
    // Nor the walks' test files (the accessibility engines, an empty page).
    for (const path of [`${BRIDGE_TEST_SCRIPT_PATH}/axe.js`, BRIDGE_TEST_BLANK_PATH]) {
      const answer = await fetch(`${host.url}${path}`);
      expect(answer.status, path).toBe(404);
    }
  });

  it('no contract route has the shape of a media route', () => {
    const urls = Object.values(contract as unknown as Record<string, Record<string, CallDef>>).flatMap((calls) =>
      Object.values(calls).map((def) => SERVICES[def.service] + def.path.replace(/\{(\w+)\}/g, 'x')),
    );
    expect(urls.length).toBeGreaterThan(50);
    expect(urls.filter(isMediaRoute)).toEqual([]);
    expect(isMediaRoute(`/library/media/file/${video._id}`)).toBe(true);
  });
});

describe("the preview's host and deep input from the page", () => {
  it('refuses a 3,500-level object with a clear message and keeps serving', async () => {
    const ws = new WebSocket(`${host.url.replace('http', 'ws')}${BRIDGE_PATH}`, { headers: { origin: host.url } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (id: number, channel: string, input: unknown) =>
      new Promise<Result<unknown>>((resolve) => {
        ws.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as BridgeMessage;
          if (message.type === 'result' && message.id === id) resolve(message.result as Result<unknown>);
        });
        ws.send(JSON.stringify({ id, channel, input }));
      });
    let deep: unknown = 'x';
    for (let i = 0; i < 3500; i += 1) deep = { a: deep };
    expect(await send(1, channelOf('library', 'updateMoment'), { id: 'x', note: deep })).toEqual({ ok: false, error: { kind: 'validation', message: INPUT_TOO_DEEP } });
    expect(await send(2, channelOf('settings', 'setPreferences'), deep)).toMatchObject({ ok: false, error: { message: 'The input is nested too deeply (more than 32 levels).' } });
    expect(await send(3, channelOf('library', 'keywords'), {})).toMatchObject({ ok: true });
    ws.close();
  });
});

describe("the preview's large results", () => {
  it('sends a large result by reference: fetched once, by the page only', async () => {
    const ws = new WebSocket(`${host.url.replace('http', 'ws')}${BRIDGE_PATH}`, { headers: { origin: host.url } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (id: number, channel: string) =>
      new Promise<BridgeMessage>((resolve) => {
        ws.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as BridgeMessage;
          if (message.type !== 'event' && message.id === id) resolve(message);
        });
        ws.send(JSON.stringify({ id, channel, input: {} }));
      });
    // The demo's 300 questions are more than the inline limit; its keywords are fewer.
    const direct = await call<unknown[]>('questionBank', 'questions');
    expect(JSON.stringify(direct).length).toBeGreaterThan(BRIDGE_INLINE_MAX);
    const small = await send(1, channelOf('library', 'keywords'));
    expect(small.type).toBe('result');
    const large = await send(2, channelOf('questionBank', 'questions'));
    if (large.type !== 'result-ref') throw new Error(`expected a result by reference, got ${large.type}`);
    const at = `${host.url}${BRIDGE_RESULT_PATH}/${large.ref}`;
    // Another page's origin gets nothing, and does not use the result up.
    expect((await fetch(at, { headers: { origin: 'http://evil.example' } })).status).toBe(404);
    const answer = await fetch(at, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: unknown }).result).toEqual(direct);
    // Served once.
    expect((await fetch(at)).status).toBe(404);
    ws.close();
  });
});

describe('images main sends', () => {
  it('a page named .png is refused in main before anything is sent', async () => {
    const path = join(root, 'fake.png');
    await writeFile(path, '<html><script>alert(1)</script></html>');
    const grant = expectOk(await grantFileOf(host.core, path));
    const keywords = expectOk(await call<Keyword[]>('library', 'keywords'));
    const before = expectOk(await call<unknown[]>('library', 'quotes')).length;
    const answer = await call('library', 'addQuote', { title: 'Not an image', language: 'Hindi', keywords: [keywords[0]!._id], thumbnail: { grantId: grant.grantId } });
    expect(answer).toEqual({ ok: false, error: { kind: 'validation', message: imageContentMessage('fake.png') } });
    expect(imageContentMessage('fake.png')).toBe('"fake.png" is not the image its name says: its content is not a PNG image.');
    expect(expectOk(await call<unknown[]>('library', 'quotes')).length).toBe(before);
  });
});
