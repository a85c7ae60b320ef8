/**
 * Updates against a real HTTP feed served by the test (the files `npm run dist` writes: latest.yml and an
 * installer), through electron-updater's real NsisUpdater: the check, the download, the sha512 verification
 * and the offer. Only Electron's transport is swapped: the updater gets Node's HTTP executor (electron-builder's
 * own, the one it publishes with) and an AppAdapter in place of Electron's `app` (electron-updater's documented
 * seam). The install itself (quitAndInstall runs the installer and quits Electron) needs Electron's binary and
 * Windows: that test skips, saying so.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NsisUpdater } from 'electron-updater';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { createUpdates, offerOf, plainNotes, UPDATE_TEXT, updateErrorText, type UpdaterLike } from './updates';
import type { UpdateSettings, UpdateState } from '../../shared/schemas/desktop';
import { electronBinary } from '../../../scripts/electron-binary.mjs';

const INSTALLER = 'Content Console-Setup-0.2.0-x64.exe';

interface Feed {
  url: string;
  server: Server;
  /** What the feed serves as the installer (the published sha512 is of `published`). */
  served: Buffer;
  published: Buffer;
  requests: string[];
}

async function startFeed(): Promise<Feed> {
  const published = randomBytes(256 * 1024);
  const feed: Feed = { url: '', server: null as unknown as Server, served: published, published, requests: [] };
  feed.server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    feed.requests.push(path);
    if (/^\/latest(-linux|-mac)?\.yml$/.test(path)) {
      const sha512 = createHash('sha512').update(feed.published).digest('base64');
      response.setHeader('content-type', 'text/yaml');
      response.end(
        [
          'version: 0.2.0',
          'files:',
          `  - url: ${INSTALLER}`,
          `    sha512: ${sha512}`,
          `    size: ${feed.published.length}`,
          `path: ${INSTALLER}`,
          `sha512: ${sha512}`,
          "releaseDate: '2026-12-05T10:00:00.000Z'",
          "releaseNotes: '<p>Faster bulk uploads.</p><ul><li>Help &gt; Copy diagnostics</li></ul>'",
          '',
        ].join('\n'),
      );
      return;
    }
    if (path === `/${INSTALLER}`) {
      response.setHeader('content-length', String(feed.served.length));
      response.end(feed.served);
      return;
    }
    response.statusCode = 404;
    response.end('not found');
  });
  await new Promise<void>((resolve) => feed.server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(feed.server.address() as AddressInfo).port}/`;
  return feed;
}

let work: string;
let feed: Feed;
beforeAll(async () => {
  feed = await startFeed();
});
afterAll(async () => {
  await new Promise((resolve) => feed.server.close(resolve));
});

/** electron-updater's executor with Node's http.request where it calls Electron's net.request (no redirects here). */
class NodeNetExecutor extends ElectronHttpExecutor {
  override createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): Electron.ClientRequest {
    // Node's request has what the executor uses (on, end, abort); Electron's type adds what it does not call.
    return httpRequest(options, callback) as unknown as Electron.ClientRequest;
  }
}

/** electron-updater's real Windows updater, on this machine's files and Node's HTTP. */
async function realUpdater(): Promise<NsisUpdater> {
  work = await mkdtemp(join(tmpdir(), 'cc-updates-'));
  // What electron-builder writes beside the app when electron-builder.yml has a publish entry; its URL is
  // not served, so a download proves the feed setting won.
  const configPath = join(work, 'app-update.yml');
  await writeFile(configPath, 'provider: generic\nurl: http://127.0.0.1:9/not-this-feed\nupdaterCacheDirName: content-console-updater\n');
  const adapter = {
    version: '0.1.0',
    name: 'Content Console',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(work, 'user-data'),
    baseCachePath: join(work, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new NsisUpdater(null, adapter);
  (updater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = new NodeNetExecutor();
  return updater;
}
afterEach(async () => {
  feed.served = feed.published;
  feed.requests = [];
  if (work) await rm(work, { recursive: true, force: true });
});

function service(updater: UpdaterLike, busy: { reason: string | null }, settings: UpdateSettings = { enabled: true, feedUrl: feed.url }) {
  const states: UpdateState[] = [];
  let current = settings;
  const updates = createUpdates({
    updater,
    currentVersion: '0.1.0',
    hasBuildFeed: true,
    settings: () => current,
    saveSettings: async (next) => void (current = next),
    busy: () => busy.reason,
    emit: (state) => states.push(state),
    log: (level, m, d) => process.env.DEBUG_UPDATES && console.log(level, m, d),
  });
  return { updates, states };
}

describe('updates from a local feed', () => {
  it('finds the newer version, downloads and verifies it, and offers it with its notes', async () => {
    const { updates, states } = service(await realUpdater(), { reason: null });
    const state = await updates.check();
    expect(state).toMatchObject({ status: 'ready', version: '0.2.0', current: '0.1.0', offered: true, deferredBecause: null });
    expect(state.releaseNotes).toBe('Faster bulk uploads.\n• Help > Copy diagnostics');
    expect(feed.requests).toContain(`/${INSTALLER}`);
    // Found, then downloading, then ready: each said to the page.
    expect(states.map((s) => s.status)).toEqual(expect.arrayContaining(['checking', 'downloading', 'ready']));
    expect(states.at(-1)).toMatchObject({ status: 'ready', offered: true });
    // The verified file waits in the updater's cache.
    const pending = await readdir(join(work, 'cache', 'content-console-updater', 'pending'));
    expect(pending).toContain(INSTALLER);
  });

  it('refuses a file that does not match the sha512 the feed published, and offers nothing', async () => {
    feed.served = Buffer.from(feed.published);
    feed.served[1000] = feed.served[1000]! ^ 0xff;
    const { updates } = service(await realUpdater(), { reason: null });
    const state = await updates.check();
    expect(state).toMatchObject({ status: 'error', offered: false, message: UPDATE_TEXT.checksum });
    expect(updates.install()).toEqual({ started: false, reason: UPDATE_TEXT.notReady });
  });

  it('during a bulk upload the ready update waits, and is offered when the upload ends', async () => {
    const busy = { reason: 'A bulk upload is running.' as string | null };
    const { updates, states } = service(await realUpdater(), busy);
    const state = await updates.check();
    expect(state).toMatchObject({ status: 'ready', offered: false, deferredBecause: 'A bulk upload is running.' });
    expect(updates.install()).toEqual({ started: false, reason: 'A bulk upload is running. The update is installed when it ends.' });
    busy.reason = null;
    updates.poke();
    expect(states.at(-1)).toMatchObject({ status: 'ready', offered: true, deferredBecause: null });
  });

  it('turned off, it asks no feed; the feed setting is where it asks', async () => {
    const { updates } = service(await realUpdater(), { reason: null }, { enabled: false, feedUrl: feed.url });
    expect((await updates.check()).status).toBe('off');
    expect(feed.requests).toEqual([]);
    const on = await updates.setSettings({ enabled: true, feedUrl: feed.url });
    expect(on.status).toBe('ready');
    expect(feed.requests.some((path) => path.endsWith('.yml'))).toBe(true);
  });

  it('installs on Restart to update: needs Electron and Windows', (context) => {
    if (process.platform !== 'win32' || electronBinary() === null) {
      console.log(`updates: the install itself is not tested here: quitAndInstall runs the downloaded installer and quits Electron (${process.platform === 'win32' ? "Electron's binary is not installed" : `this is ${process.platform}, the installer is for Windows`}).`);
      context.skip();
    }
  });
});

describe('the offer and the texts', () => {
  it('a ready update is offered only when nothing runs', () => {
    expect(offerOf('ready', null)).toEqual({ offered: true, deferredBecause: null });
    expect(offerOf('ready', 'A folder import is running.')).toEqual({ offered: false, deferredBecause: 'A folder import is running.' });
    expect(offerOf('downloading', null)).toEqual({ offered: false, deferredBecause: null });
  });

  it('release notes become plain text; errors become words', () => {
    expect(plainNotes([{ version: '0.2.0', note: '<b>New</b>' }])).toBe('0.2.0\nNew');
    expect(plainNotes(null)).toBeNull();
    expect(updateErrorText(Object.assign(new Error('sha512 checksum mismatch, expected x'), { code: 'ERR_CHECKSUM_MISMATCH' }))).toBe(UPDATE_TEXT.checksum);
    expect(updateErrorText(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(UPDATE_TEXT.unreachable);
  });

  it('without an updater (the browser preview) updates are unavailable and nothing is asked', async () => {
    const updates = createUpdates({ updater: null, currentVersion: '0.1.0', hasBuildFeed: false, settings: () => ({ enabled: true, feedUrl: null }), saveSettings: async () => undefined, busy: () => null, emit: () => undefined, log: () => undefined });
    expect(await updates.check()).toMatchObject({ status: 'unavailable', message: UPDATE_TEXT.unavailable });
  });
});
