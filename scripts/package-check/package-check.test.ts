import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { archiveProblems, importsOf, type ArchiveInput } from './archive';
import { fuseProblems, readFuses, standInElectron } from './fuses';
import { HELP_MENU, REQUIRED_WEB_PREFERENCES, startupProblems, type ProbeReport } from './startup';
import { noticesProblems, noticesSummary } from './notices';
import { feedProblems } from './feed';
import type { NoticesFile } from '../../src/shared/schemas/desktop';

const whole: ArchiveInput = {
  files: [
    'package.json',
    'out/main/index.js',
    'out/main/list-worker.js',
    'out/main/sandbox.js',
    'out/main/chunks/lists-1.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
    'out/renderer/assets/index-1.js',
    'out/third-party-notices.json',
    'node_modules/ky/package.json',
    'node_modules/ky/distribution/index.js',
    'node_modules/fastify/package.json',
  ],
  built: ['out/main/index.js', 'out/main/list-worker.js', 'out/main/sandbox.js', 'out/main/chunks/lists-1.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-1.js', 'out/third-party-notices.json', 'out/.build-inputs'],
  mainSources: {
    'out/main/index.js': 'import { a as b } from "./chunks/lists-1.js";\nimport ky from "ky";\nimport { app } from "electron";\nimport { join } from "node:path";\n',
    'out/main/sandbox.js': 'import Fastify from "fastify";\nconst MIGRATIONS = [{ id: 1, name: "admins and tokens" }];\n',
  },
  migrations: ['admins and tokens'],
  devDependencies: ['tsx', 'react'],
  dependencies: ['ky', 'fastify'],
  packages: ['ky', 'fastify'],
};

describe("the package check's archive rules", () => {
  it('a package with what main loads and nothing of development passes', () => {
    expect(archiveProblems(whole)).toEqual([]);
  });

  it('a package without the list worker fails, naming it', () => {
    expect(archiveProblems({ ...whole, files: whole.files.filter((f) => f !== 'out/main/list-worker.js') })).toEqual(['missing out/main/list-worker.js: the list worker (a worker thread main starts)']);
  });

  it("a chunk main imports, a package it imports, a built renderer file and a migration left out are each named", () => {
    const files = whole.files.filter((f) => !['out/main/chunks/lists-1.js', 'node_modules/ky/package.json', 'out/renderer/assets/index-1.js'].includes(f));
    expect(archiveProblems({ ...whole, files, migrations: ['admins and tokens', 'courses'] })).toEqual([
      'missing out/main/chunks/lists-1.js: built, but not packaged',
      'missing out/renderer/assets/index-1.js: built, but not packaged',
      'missing out/main/chunks/lists-1.js: out/main/index.js imports it',
      'missing the package ky: out/main/index.js imports it (a production dependency?)',
      "the sandbox process's bundle lacks the server migration 'courses'",
    ]);
  });

  it('a production dependency nothing of main imports is named (it belongs in devDependencies)', () => {
    expect(archiveProblems({ ...whole, dependencies: [...whole.dependencies, 'react'] })).toEqual([
      "the production dependency react is imported by none of main's bundles (a development dependency?)",
    ]);
  });

  it('sources, scripts, source maps and development dependencies inside fail', () => {
    const files = [...whole.files, 'src/main/index.ts', 'out/main/index.js.map', 'node_modules/tsx/package.json'];
    expect(archiveProblems({ ...whole, files, packages: [...whole.packages, 'tsx'] })).toEqual([
      'development file inside: src/main/index.ts',
      'source map inside: out/main/index.js.map',
      'development dependency inside: node_modules/tsx',
    ]);
  });

  it("reads a built module's static, side-effect and dynamic imports", () => {
    expect(importsOf('import { a } from "./chunks/x.js";\nimport "./side.js";\nexport { b } from \'./re.js\';\nconst k = await import("keytar");\n').sort()).toEqual(['./chunks/x.js', './re.js', './side.js', 'keytar']);
  });
});

describe("the package check's fuses", () => {
  it("the stand-in binary carries Electron's defaults, which the security settings reject", () => {
    const fuses = readFuses(standInElectron());
    expect(fuses).toMatchObject({ RunAsNode: true, EnableCookieEncryption: false, OnlyLoadAppFromAsar: false, GrantFileProtocolExtraPrivileges: true });
    expect(fuseProblems(fuses)).toContain('fuse RunAsNode is true, expected false');
    expect(fuseProblems(fuses)).toHaveLength(7);
  });

  it('a wire flipped as asked passes; a binary without a wire fails', () => {
    const binary = standInElectron();
    const wire = binary.indexOf('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX') + 34;
    binary.write('01001100', wire);
    expect(fuseProblems(readFuses(binary))).toEqual([]);
    expect(fuseProblems(readFuses(Buffer.from('#!/bin/sh\n')))).toEqual(['the packaged binary has no fuse wire']);
  });
});

describe("the package check's start rules", () => {
  const appDir = '/app';
  const refusedAnswer = { ok: false, error: { kind: 'auth', message: 'This call is not allowed from here.' } };
  const good: ProbeReport = {
    loadedMs: 1,
    startMs: 1,
    packagesAtStart: ['valibot', 'ky'],
    window: { options: { webPreferences: { ...REQUIRED_WEB_PREFERENCES, preload: '/app/out/preload/index.cjs' } }, loaded: 'app://content-console/index.html' },
    privilegedSchemes: [
      { scheme: 'app', privileges: { standard: true, secure: true } },
      { scheme: 'cc-media', privileges: { standard: true, secure: true } },
    ],
    protocolHandlers: ['app', 'cc-media'],
    defaultProtocolClients: ['content-console'],
    ipcChannels: ['api:a.b', 'api:c.d'],
    refused: { 'api:a.b': refusedAnswer, 'api:c.d': refusedAnswer },
    navigationAway: true,
    navigationInApp: false,
    windowOpen: { action: 'deny' },
    permission: false,
    permissionCheck: false,
    indexHtml: { status: 200, text: '<div id="root"></div>' },
    outsideRenderer: { status: 404 },
    utilityProcesses: [{ modulePath: '/app/out/main/sandbox.js' }],
    login: { ok: true },
    sandboxStoppedOnQuit: true,
    logs: { files: ['main.log', 'sandbox.log'], text: '[info] Content Console started {"version":"0.1.0"}\n[info] call api:session.login {"ms":12}' },
    helpMenu: HELP_MENU,
  };
  const expected = { channels: ['api:a.b', 'api:c.d'], appDir };

  it('a start as the security checklist asks passes', () => {
    expect(startupProblems(good, expected)).toEqual([]);
  });

  it('a log file missing, a secret of the sign-in in the logs and a Help menu without its items are each named', () => {
    const report: ProbeReport = { ...good, logs: { files: ['main.log'], text: `${good.logs!.text}\nlogin admin@sandbox.local` }, helpMenu: ['Check this server'] };
    expect(startupProblems(report, { ...expected, secrets: ['admin@sandbox.local'] })).toEqual([
      'no sandbox.log in the logs folder (main.log)',
      'the log files hold a secret of the sign-in (adm…)',
      `the Help menu is ["Check this server"], not ${JSON.stringify(HELP_MENU)}`,
    ]);
  });

  it('a channel without the sender check, a missing channel, a window with Node and the server loaded at start are each named', () => {
    const report: ProbeReport = {
      ...good,
      packagesAtStart: [...good.packagesAtStart, '@electric-sql/pglite'],
      window: { ...good.window!, options: { webPreferences: { ...good.window!.options.webPreferences, nodeIntegration: true } } },
      ipcChannels: ['api:a.b'],
      refused: { 'api:a.b': { ok: true } },
    };
    expect(startupProblems(report, expected)).toEqual([
      'window webPreferences.nodeIntegration is true, expected false',
      'channel api:c.d has no ipc handler',
      'channel api:a.b answered a call from another page (no sender check): {"ok":true}',
      "main's start loads the reference server's packages: @electric-sql/pglite",
    ]);
  });
});

describe("the package check's notices", () => {
  const notices: NoticesFile = {
    generatedAt: '2026-12-05T00:00:00.000Z',
    app: { name: 'content-console', version: '0.1.0' },
    packages: [
      { name: 'ky', version: '2.1.0', license: 'MIT', where: ['node_modules'], text: 'MIT License' },
      { name: 'react', version: '19.3.1', license: 'MIT', where: ['renderer'], text: 'MIT License' },
    ],
  };

  it('a package whose every carried package is listed passes, and the report counts them by place', () => {
    expect(noticesProblems([{ name: 'ky', version: '2.1.0' }], notices)).toEqual([]);
    expect(noticesSummary(notices)).toBe('2 packages (1 in node_modules, 1 bundled into the renderer, 0 into the preload, 0 into main)');
  });

  it('a carried package missing from the notices, or at another version, or without a licence fails; so does no notices file', () => {
    const unlicensed = { ...notices, packages: [...notices.packages, { name: 'odd', version: '1.0.0', license: 'UNKNOWN', where: ['node_modules' as const], text: '' }] };
    expect(noticesProblems([{ name: 'ky', version: '2.2.0' }, { name: 'electron-log', version: '5.4.4' }], unlicensed)).toEqual([
      'the notices list ky at 2.1.0, but app.asar carries 2.2.0',
      'the notices lack electron-log 5.4.4, which app.asar carries in node_modules',
      'the notices name no licence for odd 1.0.0',
    ]);
    expect(noticesProblems([], null)).toEqual(['missing out/third-party-notices.json: the third-party notices (Help > About), written by the build']);
  });
});

describe("the package check's update feed", () => {
  const installer = Buffer.from('stand-in installer');
  const sha512 = createHash('sha512').update(installer).digest('base64');
  const feedFile = (over: Record<string, string> = {}) =>
    ({ version: '0.1.0', path: 'Content Console-0.1.0.zip', sha512, files: [{ url: 'Content Console-0.1.0.zip', sha512, size: installer.length }], ...over }) as const;

  it('a feed file naming this version and a file whose sha512 and size match passes', () => {
    expect(feedProblems({ version: '0.1.0', appUpdate: { provider: 'generic', url: 'https://updates.example.com/cc' }, feed: feedFile(), files: { 'Content Console-0.1.0.zip': installer } })).toEqual([]);
  });

  it('a feed at another version, a file that does not match, and no app-update.yml are each named', () => {
    expect(feedProblems({ version: '0.2.0', appUpdate: null, feed: feedFile(), files: { 'Content Console-0.1.0.zip': Buffer.from('tampered') } })).toEqual([
      'no resources/app-update.yml in the package: the installed app would not know its update feed (publish in electron-builder.yml)',
      'the feed file names version 0.1.0, not 0.2.0',
      'Content Console-0.1.0.zip: its sha512 does not match the feed file',
      'Content Console-0.1.0.zip: its size is 8, the feed file says 18',
    ]);
  });
});
