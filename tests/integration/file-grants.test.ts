/**
 * Files reach main only as the user chose them (DESIGN section 7): nothing the page can call accepts a
 * path, in Electron (window.api has no path-taking call; the drop's path is the preload's) and in the
 * browser bridge (its WebSocket answers window.api's channels and the drop stand-in only).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeHost } from '../bridge/host';
import { BRIDGE_DROP_CHANNEL, BRIDGE_NEXT_DROP_PATH, BRIDGE_PATH, type BridgeMessage } from '../bridge/protocol';
import { contract, local } from '../../src/shared/api';
import { exposedChannels } from '../../src/shared/api/build-api';
import { PRELOAD_CHANNELS } from '../../src/shared/api/app';
import type { Result } from '../../src/shared/result';

let root: string;
let host: Awaited<ReturnType<typeof startBridgeHost>>;
let ws: WebSocket;
let nextId = 1;
const caption = () => join(root, 'talk.vtt');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** One call over the bridge's WebSocket, as the page makes it. */
function send(channel: string, input: unknown): Promise<Result<unknown>> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as BridgeMessage;
      if (message.type === 'result' && message.id === id) {
        ws.off('message', onMessage);
        resolve(message.result as Result<unknown>);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, input }));
  });
}

const queueDrop = (path: string | null) =>
  fetch(`${host.url}${BRIDGE_NEXT_DROP_PATH}`, { method: 'POST', body: JSON.stringify({ path }) }).then((r) => r.status);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cc-grants-int-'));
  await mkdir(join(root, 'state'));
  await mkdir(join(root, 'renderer'));
  // A remote connection nobody answers: these tests need no server, and no sandbox starts.
  await writeFile(join(root, 'state', 'settings.json'), JSON.stringify({ connection: { kind: 'remote', url: 'http://127.0.0.1:9' } }));
  await writeFile(caption(), 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
  host = await startBridgeHost({ port: await freePort(), rendererDir: join(root, 'renderer'), stateDir: join(root, 'state'), sandboxDir: join(root, 'sandbox'), testRoutes: true });
  ws = new WebSocket(`${host.url.replace('http', 'ws')}${BRIDGE_PATH}`, { headers: { origin: host.url } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
});
afterAll(async () => {
  ws?.close();
  await host?.close();
  await rm(root, { recursive: true, force: true });
});

describe('file grants: no path from the page', () => {
  it('no call of window.api takes a path field', () => {
    const tables = { ...contract, ...local } as Record<string, Record<string, { input: v.GenericSchema; exposed?: boolean }>>;
    const withPath = Object.entries(tables).flatMap(([group, calls]) =>
      Object.entries(calls)
        .filter(([, def]) => def.exposed !== false && 'entries' in def.input && 'path' in (def.input as unknown as { entries: object }).entries)
        .map(([name]) => `${group}.${name}`),
    );
    expect(withPath).toEqual([]);
    expect(exposedChannels()).not.toContain('api:files.grantDropped');
    expect([...host.core.handlers.keys()].filter((channel) => channel.includes('grantDropped'))).toEqual([]);
  });

  it("the bridge's WebSocket refuses the preload-only channel and any path-taking call", async () => {
    const preload = await send(PRELOAD_CHANNELS.grantDropped, { path: caption() });
    expect(preload).toMatchObject({ ok: false, error: { kind: 'validation', message: `Unknown call ${PRELOAD_CHANNELS.grantDropped}` } });
    expect(await send('api:files.grantDropped', { path: '/etc/hostname' })).toMatchObject({ ok: false });
  });

  it('a drop in the preview takes the file the stand-in holds; the page sends only the name', async () => {
    // Nothing queued: refused, whatever name the page claims.
    expect(await send(BRIDGE_DROP_CHANNEL, { name: 'talk.vtt' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    // A path in the page's input is ignored; a name that differs from the queued file is refused.
    expect(await queueDrop(caption())).toBe(204);
    expect(await send(BRIDGE_DROP_CHANNEL, { name: 'hostname', path: '/etc/hostname' })).toMatchObject({ ok: false });
    expect(await queueDrop(caption())).toBe(204);
    const granted = await send(BRIDGE_DROP_CHANNEL, { name: 'talk.vtt' });
    expect(granted).toMatchObject({ ok: true, data: { name: 'talk.vtt' } });
    const grantId = (granted as { data: { grantId: string } }).data.grantId;
    expect(await send('api:files.readText', { grantId })).toMatchObject({ ok: true, data: { text: expect.stringContaining('Hello') } });
  });

  it('the stand-in queue is not reachable from a page (an Origin header)', async () => {
    const answer = await fetch(`${host.url}${BRIDGE_NEXT_DROP_PATH}`, { method: 'POST', headers: { origin: host.url }, body: '{"path":"/etc/hostname"}' });
    expect(answer.status).toBe(403);
  });
});

describe('file grants: the preload channel', () => {
  it('grants a regular file and refuses a relative path, a folder and an empty path', async () => {
    const grant = host.core.preloadHandlers.get(PRELOAD_CHANNELS.grantDropped)!;
    expect(await grant({ path: caption() })).toMatchObject({ ok: true, data: { name: 'talk.vtt' } });
    expect(await grant({ path: '../../etc/hostname' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await grant({ path: root })).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await grant({ path: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } });
  });
});
