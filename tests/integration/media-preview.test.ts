/**
 * Media previews stream through main (the cc-media:// protocol in Electron, /__bridge/media in the
 * preview) with the token added there, from the connected server only; the page's CSP names no remote
 * origin, and the bridge's WebSocket is in the preview's CSP only.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBridgeCsp } from '../bridge/host';
import { previewTarget, UNREACHABLE_STATUS } from '../../src/main/services/media-proxy';
import { previewProblemText, type PreviewProblem } from '../../src/shared/preview-problems';
import type { LibraryFile, Keyword } from '../../src/shared/schemas/library';
import { expectOk, startHarness, type Harness } from './harness';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const html = readFileSync(resolve(import.meta.dirname, '../../src/renderer/index.html'), 'utf8');
const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)![1]!;
const directive = (policy: string, name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('the CSP', () => {
  it('names no remote origin, and no bridge, in the desktop build', () => {
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: cc-media:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(csp).not.toMatch(/https:|http:|ws:/);
  });
  it("gets the bridge's own WebSocket in the preview only", () => {
    const preview = /content="([^"]*)"/.exec(withBridgeCsp(html, 5800))![1]!;
    expect(directive(preview, 'connect-src')).toBe("connect-src 'self' ws://127.0.0.1:5800");
    expect(directive(preview, 'media-src')).toBe(directive(csp, 'media-src'));
  });
});

describe('previewTarget', () => {
  it('fetches preview URLs of the connected server only', () => {
    const allowed = ['https://api.example.in', 'http://127.0.0.1:4000'];
    expect(previewTarget('https://api.example.in/library/media/file/1?exp=1&sig=x', allowed)).toBe('https://api.example.in/library/media/file/1?exp=1&sig=x');
    expect(previewTarget('http://127.0.0.1:4000/library/media/file/1', allowed)).toBe('http://127.0.0.1:4000/library/media/file/1');
    expect(previewTarget('https://evil.example/x.mp4', allowed)).toBeNull();
    expect(previewTarget('http://api.example.in/x', allowed)).toBeNull();
    expect(previewTarget('https://user:pw@api.example.in/x', allowed)).toBeNull();
    expect(previewTarget('file:///etc/passwd', allowed)).toBeNull();
    expect(previewTarget('not a url', allowed)).toBeNull();
  });
});

describe('media previews through main', () => {
  let h: Harness;
  let work: string;
  let file: LibraryFile;
  beforeAll(async () => {
    h = await startHarness();
    await h.login();
    work = await mkdtemp(join(tmpdir(), 'cc-preview-'));
    const path = join(work, 'bytes.mp4');
    await writeFile(path, Buffer.from('0123456789abcdef'));
    const grant = expectOk(await h.grantFile(path));
    const keywords = expectOk(await h.call<Keyword[]>('library', 'keywords'));
    expectOk(
      await h.call('library', 'createMedia', {
        title: 'Preview bytes', description: 'For the preview proxy', language: 'English', visibility: 'Restricted', status: '', level: 0,
        type: '', businessIdeas: [], category: [], keywords: [keywords[0]!._id], source: '', fileType: 'other', fileUrl: '', duration: 0,
        file: { grantId: grant.grantId },
      }),
    );
    file = expectOk(await h.call<LibraryFile[]>('library', 'mediaList')).find((f) => f.title === 'Preview bytes')!;
  });
  afterAll(async () => {
    await h.close();
    await rm(work, { recursive: true, force: true });
  });

  it('streams the stored file with Range, the token added in main', async () => {
    // Without the signature only the token opens it: proof that main sent it.
    const unsigned = file.previewUrl!.split('?')[0]!;
    expect((await fetch(unsigned)).status).toBe(401);
    const whole = await h.core.previewMedia(unsigned, null);
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe('0123456789abcdef');
    const part = await h.core.previewMedia(unsigned, 'bytes=4-7');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-7/16');
    expect(await part.text()).toBe('4567');
  });

  it('refuses other origins and answers 401 once signed out', async () => {
    expect((await h.core.previewMedia('https://evil.example/page', null)).status).toBe(404);
    expect((await h.core.previewMedia('file:///etc/passwd', null)).status).toBe(404);
    expectOk(await h.call('session', 'logout'));
    expect((await h.core.previewMedia(file.previewUrl!, null)).status).toBe(401);
  });
});

describe("a link file's direct media address", () => {
  let h: Harness;
  let elsewhere: Server;
  let origin: string;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    h = await startHarness();
    await h.login();
    // Another origin than the connected server: a CDN holding the linked files.
    elsewhere = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url === '/talk.mp4') {
        res.writeHead(req.headers.range ? 206 : 200, { 'content-type': 'video/mp4', ...(req.headers.range ? { 'content-range': 'bytes 0-3/8' } : {}) });
        res.end(req.headers.range ? 'ftyp' : 'ftypmp42');
      } else if (req.url === '/expired.mp4' || req.url === '/gone.mp4' || req.url === '/removed.mp4') {
        const status = { '/expired.mp4': 403, '/gone.mp4': 410, '/removed.mp4': 404 }[req.url];
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":true}');
      } else if (req.url === '/broken.mp4') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('down');
      } else if (req.url === '/moved.mp4') {
        res.writeHead(302, { location: '/talk.mp4' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a page named .mp4</html>');
      }
    });
    await new Promise<void>((done) => elsewhere.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h.close();
    await new Promise((done) => elsewhere.close(done));
  });

  it('plays through main without the session token, Range passed on', async () => {
    const whole = await h.core.previewMedia(`${origin}/talk.mp4`, null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(await whole.text()).toBe('ftypmp42');
    const part = await h.core.previewMedia(`${origin}/talk.mp4`, 'bytes=0-3');
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('ftyp');
    expect(seen.length).toBe(2);
    for (const headers of seen) expect(Object.keys(headers).filter((name) => /token|authorization|cookie/i.test(name))).toEqual([]);
  });

  it('refuses an answer that is not media, a redirect, and addresses that are not media files', async () => {
    expect((await h.core.previewMedia(`${origin}/page.mp4`, null)).status).toBe(415);
    expect((await h.core.previewMedia(`${origin}/moved.mp4`, null)).status).toBe(502);
    const before = seen.length;
    expect((await h.core.previewMedia(`${origin}/index.html`, null)).status).toBe(404);
    expect(seen.length).toBe(before);
  });
});

describe('files.previewProblem', () => {
  let h: Harness;
  let cdn: Server;
  let origin: string;
  let closed: string;
  const problemOf = async (src: string) => expectOk(await h.call<PreviewProblem | null>('files', 'previewProblem', { src }));
  beforeAll(async () => {
    h = await startHarness();
    await h.login();
    cdn = createServer((req, res) => {
      const status = ({ '/expired.mp4': 403, '/removed.mp4': 404, '/gone.mp4': 410, '/broken.mp4': 500 } as Record<string, number>)[req.url ?? ''];
      if (status) res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":true}');
      else res.writeHead(200, { 'content-type': 'video/mp4' }).end('ftypmp42');
    });
    await new Promise<void>((done) => cdn.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    // A port nothing listens on: the connection is refused, no answer comes.
    const probe = createServer();
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
    closed = `127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((done) => probe.close(done));
  });
  afterAll(async () => {
    await h.close();
    await new Promise((done) => cdn.close(done));
  });

  it('tells a host that cannot be reached (no answer) from an address that answers 403, 404 or 410', async () => {
    const unreachable = `http://${closed}/talk.mp4`;
    expect((await h.core.previewMedia(unreachable, null)).status).toBe(UNREACHABLE_STATUS);
    expect(await problemOf(unreachable)).toEqual({ kind: 'unreachable', status: null, host: closed, detail: 'ECONNREFUSED' });
    for (const [path, status] of [['/expired.mp4', 403], ['/removed.mp4', 404], ['/gone.mp4', 410]] as const) {
      expect((await h.core.previewMedia(`${origin}${path}`, null)).status).toBe(status);
      expect(await problemOf(`${origin}${path}`)).toEqual({ kind: 'expired', status, host: origin.slice('http://'.length) });
    }
    expect((await h.core.previewMedia(`${origin}/broken.mp4`, null)).status).toBe(500);
    expect((await problemOf(`${origin}/broken.mp4`))?.kind).toBe('failed');
  });

  it('forgets a problem once the same address plays, and knows nothing of addresses it never fetched', async () => {
    expect(await problemOf(`${origin}/never.mp4`)).toBeNull();
    expect((await h.core.previewMedia(`${origin}/talk.mp4`, null)).status).toBe(200);
    expect(await problemOf(`${origin}/talk.mp4`)).toBeNull();
  });

  it('says the session ended for a preview of the server asked for while signed out', async () => {
    const src = `${new URL(h.serverUrl).origin}/library/media/file/any`;
    expectOk(await h.call('session', 'logout'));
    expect((await h.core.previewMedia(src, null)).status).toBe(401);
    expect((await problemOf(src))?.kind).toBe('signedOut');
  });
});

describe('previewProblemText', () => {
  it('says an unreachable host and an expired address apart', () => {
    expect(previewProblemText({ kind: 'unreachable', status: null, host: 'cdn.example.in', detail: 'ENOTFOUND' })).toBe(
      'The media cannot be played here: cdn.example.in cannot be reached (ENOTFOUND). Check the network connection and the address, then reopen the preview.',
    );
    expect(previewProblemText({ kind: 'expired', status: 403, host: 'cdn.example.in' })).toBe(
      'The media cannot be played here: the address has expired or the file was removed (cdn.example.in answered 403). Reopen the preview to get a new address.',
    );
  });
});
