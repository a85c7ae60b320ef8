/**
 * `npm run package:check [-- --omit out/main/list-worker.js]`: the packaged app, checked
 * as far as a machine without Electron's binary allows.
 *
 * 1. Builds (electron-vite) unless out/ is current, then packages with electron-builder and electron-builder.yml around a
 *    STAND-IN Electron folder (`-c.electronDist`, no native rebuild): a shell script carrying Electron's
 *    fuse wire, so that the packaging flips the fuses in it as it would in the real binary.
 * 2. Opens the resulting app.asar (@electron/asar): every file main loads at run time is inside (its
 *    bundle and chunks, the list worker, the sandbox process entry with the server's migrations, the
 *    preload, the renderer, the packages they import), nothing of development is; reports the size.
 * 3. Reads the fuses from the packaged binary and compares them with the security settings.
 * 2b. Reads the third-party notices file inside the archive (out/third-party-notices.json, written by the
 *    build from what it bundled and the production dependencies) and fails when a package app.asar carries
 *    in node_modules is missing from it. Shows the update feed: resources/app-update.yml inside the package
 *    and the feed file electron-builder wrote (latest-linux.yml here) for a STAND-IN INSTALLER
 *    (package-check/stand-in-installer.cjs: the real installers need tools this machine cannot download),
 *    its sha512 and size checked against the file.
 * 4. Loads the packaged main bundle in plain Node with a RECORDING STAND-IN for the `electron` module
 *    (scripts/package-check/electron-stand-in.mjs; not Electron) and checks what main does at start: the
 *    window's security options, the protocols, every contract channel registered with the sender check,
 *    main's start without the reference server, and a sign-in through the registered handler against
 *    the sandbox it starts in a process of its own.
 *
 * `--omit <path>` deletes a built file before packaging, to see the check fail (e.g. the list worker).
 * Exits non-zero on the first failing step, listing every problem of that step.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import asar from '@electron/asar';
import { archiveProblems, RUNTIME_ENTRIES } from './package-check/archive';
import { noticesProblems, noticesSummary } from './package-check/notices';
import { feedProblems, type FeedFile } from './package-check/feed';
import * as v from 'valibot';
import { load as loadYaml } from 'js-yaml';
import { NoticesFileSchema } from '../src/shared/schemas/desktop';
import { fuseProblems, readFuses, standInElectron } from './package-check/fuses';
import { startupProblems, type ProbeReport } from './package-check/startup';
import { MIGRATIONS } from '../server/migrations';
import { buildIsCurrent, recordBuild } from './build-stamp.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const args = process.argv.slice(2);
const omitIndex = args.indexOf('--omit');
const omit = omitIndex >= 0 ? args[omitIndex + 1] : undefined;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const started = Date.now();
const step = (text: string) => console.log(`package:check: ${text} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

class CheckFailure extends Error {
  constructor(
    readonly title: string,
    readonly problems: string[],
  ) {
    super(title);
  }
}
function fail(title: string, problems: string[]): never {
  throw new CheckFailure(title, problems);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The feed URL the check builds with (electron-builder.yml's publish url comes from this variable). */
const FEED_URL = 'https://updates.example.com/content-console';

function run(command: string, commandArgs: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false', CONTENT_CONSOLE_UPDATE_FEED: process.env.CONTENT_CONSOLE_UPDATE_FEED ?? FEED_URL } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolveRun({ code: code ?? 1, output }));
  });
}

const work = await mkdtemp(join(tmpdir(), 'cc-package-check-'));
try {
  // 1. Build and package.
  if (!buildIsCurrent(root)) {
    const build = await run(bin('electron-vite'), ['build', '--logLevel', 'warn']);
    if (build.code !== 0) fail('electron-vite build', [build.output]);
    recordBuild(root);
    step('built out/');
  } else step('out/ is current: no build');
  if (omit) {
    await rm(join(root, omit));
    // The build is no longer whole: `npm start` must rebuild it.
    await rm(join(root, 'out', '.build-inputs'), { force: true });
    console.log(`package:check: left ${omit} out of the build, as asked (run again without --omit to rebuild)`);
  }
  const electronDist = join(work, 'electron');
  await mkdir(join(electronDist, 'locales'), { recursive: true });
  await writeFile(join(electronDist, 'electron'), standInElectron());
  await chmod(join(electronDist, 'electron'), 0o755);
  await writeFile(join(electronDist, 'locales', 'en-US.pak'), 'stand-in\n');
  const output = join(work, 'dist');
  const packed = await run(bin('electron-builder'), ['--linux', 'dir', '--publish', 'never', `-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.output=${output}`, `-c.afterPack=${join(root, 'scripts/package-check/stand-in-installer.cjs')}`]);
  if (packed.code !== 0) fail('electron-builder', [packed.output]);
  const appOut = join(output, 'linux-unpacked');
  step('packaged with electron-builder around the stand-in Electron');

  // 2. The archive.
  const archive = join(appOut, 'resources', 'app.asar');
  const files = asar.listPackage(archive, { isPack: false }).map((path) => path.replace(/^[/\\]/, '').split(sep).join('/'));
  const filesOnly = files.filter((path) => {
    const node = asar.statFile(archive, path, false) as { files?: unknown };
    return !('files' in node);
  });
  const packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; main: string };
  const packages = [...new Set(filesOnly.flatMap((path) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(path)?.[1] ?? []))];
  const built = await filesUnder(join(root, 'out'));
  const mainSources: Record<string, string> = {};
  for (const path of built) if (path.startsWith('out/main/') && path.endsWith('.js')) mainSources[path] = await readFile(join(root, path), 'utf8');
  const problems = archiveProblems({ files: filesOnly, built, mainSources, migrations: MIGRATIONS.map((m) => m.name), devDependencies: Object.keys(packageJson.devDependencies), dependencies: Object.keys(packageJson.dependencies), packages });
  const packagedManifest = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as { main?: string };
  if (packagedManifest.main !== packageJson.main) problems.push(`the packaged package.json's main is ${packagedManifest.main}, not ${packageJson.main}`);
  const unpacked = join(appOut, 'resources', 'app.asar.unpacked');
  for (const needed of ['node_modules/keytar/build/Release/keytar.node', 'node_modules/@electric-sql/pglite/dist/pglite.wasm', 'node_modules/@electric-sql/pglite/dist/pglite.data']) {
    if (!(await stat(join(unpacked, needed)).catch(() => null))) problems.push(`missing unpacked ${needed} (loaded by path, so it must live outside the archive)`);
  }
  if (problems.length > 0) fail('app.asar', problems);
  const bySize = await Promise.all(packages.map(async (pkg) => ({ pkg, bytes: filesOnly.filter((f) => f.startsWith(`node_modules/${pkg}/`)).reduce((sum, f) => sum + ((asar.statFile(archive, f, false) as { size?: number }).size ?? 0), 0) })));
  bySize.sort((a, b) => b.bytes - a.bytes);
  step(
    `app.asar holds the ${Object.keys(RUNTIME_ENTRIES).length} run-time entries, ${built.length} built files, ${MIGRATIONS.length} migrations and ${packages.length} packages; ` +
      `app.asar ${mb(await sizeOf(archive))}, unpacked ${mb(await sizeOf(unpacked))}, ${filesOnly.length} files; largest packages: ${bySize
        .slice(0, 5)
        .map(({ pkg, bytes }) => `${pkg} ${mb(bytes)}`)
        .join(', ')}`,
  );

  // 2b. The third-party notices inside the package, and the update feed the build wrote.
  const noticesRaw = filesOnly.includes('out/third-party-notices.json') ? JSON.parse(asar.extractFile(archive, 'out/third-party-notices.json').toString()) : null;
  const notices = noticesRaw === null ? null : v.parse(NoticesFileSchema, noticesRaw);
  const carried = packages.map((pkg) => {
    const manifest = JSON.parse(asar.extractFile(archive, `node_modules/${pkg}/package.json`).toString()) as { name: string; version: string };
    return { name: manifest.name, version: manifest.version };
  });
  const noticeProblems = noticesProblems(carried, notices);
  if (noticeProblems.length > 0) fail('the third-party notices', noticeProblems);
  step(`the notices file inside the package: app.asar/out/third-party-notices.json, ${noticesSummary(notices!)}; each of the ${carried.length} packages in app.asar's node_modules is in it at its version`);
  const appUpdatePath = join(appOut, 'resources', 'app-update.yml');
  const appUpdate = (await readFile(appUpdatePath, 'utf8').then((text) => loadYaml(text) as { provider?: string; url?: string }).catch(() => null));
  const feedName = (await readdir(output)).find((name) => /^latest(-linux|-mac)?\.yml$/.test(name));
  if (!feedName) fail('the update feed', [`the build wrote no feed file (latest*.yml) into ${output}: ${(await readdir(output)).join(', ')}`]);
  const feed = loadYaml(await readFile(join(output, feedName), 'utf8')) as FeedFile;
  const feedFiles: Record<string, Buffer> = {};
  for (const file of feed.files) feedFiles[file.url] = await readFile(join(output, file.url)).catch(() => undefined as unknown as Buffer);
  const feedIssues = feedProblems({ version: (packageJson as unknown as { version: string }).version, appUpdate, feed, files: feedFiles });
  if (feedIssues.length > 0) fail('the update feed', feedIssues);
  const written = (await readdir(output)).filter((name) => !(name.endsWith('-unpacked') || name === 'builder-debug.yml' || name === 'builder-effective-config.yaml'));
  step(
    `the update feed written by the build: ${written.join(', ')} (the feed folder to publish); ${feedName} names version ${feed.version}, ${feed.files.map((f) => `${f.url} (${f.size ?? '?'} bytes, sha512 matches)`).join(', ')}; ` +
      `resources/app-update.yml inside the package: ${appUpdate!.provider} ${appUpdate!.url}`,
  );

  // 3. The fuses, as the packaging flipped them in the (stand-in) binary.
  const fuses = fuseProblems(readFuses(await readFile(join(appOut, 'content-console'))));
  if (fuses.length > 0) fail('the fuses', fuses);
  step('the fuses are flipped as the security settings ask');

  // 4. Main's start, in Node with the stand-in electron module, from the unpacked archive.
  const appDir = join(work, 'app');
  await mkdir(join(work, 'user-data'));
  asar.extractAll(archive, appDir);
  const { channelOf } = await import('../src/shared/api');
  const { exposedChannels } = await import('../src/shared/api/build-api');
  const { PRELOAD_CHANNELS } = await import('../src/shared/api/app');
  const probe = spawnSync(process.execPath, ['--import', join(root, 'scripts/package-check/register.mjs'), join(root, 'scripts/package-check/probe.mjs'), appDir, JSON.stringify({ loginChannel: channelOf('session', 'login'), login: { email: 'admin@sandbox.local', password: 'sandbox-admin-1' } })], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, PACKAGE_CHECK_USER_DATA: join(work, 'user-data'), CONTENT_CONSOLE_QUIET: '1', SANDBOX_ADMIN_EMAIL: 'admin@sandbox.local', SANDBOX_ADMIN_PASSWORD: 'sandbox-admin-1', SANDBOX_PORT: '0' },
    timeout: 60_000,
  });
  const line = probe.stdout.trim().split('\n').pop() ?? '';
  let report: ProbeReport;
  try {
    report = JSON.parse(line) as ProbeReport;
  } catch {
    fail("loading the packaged main bundle with the stand-in electron module", [`exit ${probe.status}`, probe.stdout, probe.stderr]);
  }
  // The sign-in's email and password must not reach the packaged app's log files.
  const startup = startupProblems(report, { channels: [...exposedChannels(), ...Object.values(PRELOAD_CHANNELS)], appDir, secrets: ['admin@sandbox.local', 'sandbox-admin-1'] });
  if (startup.length > 0) fail("main's start (packaged bundle, stand-in electron)", startup);
  // The reference server's packages, loaded on their own: what main's start no longer carries.
  const server = spawnSync(process.execPath, ['--input-type=module', '-e', "const t = performance.now(); await import('fastify'); await import('@electric-sql/pglite'); await import('pg'); console.log(performance.now() - t);"], { cwd: appDir, encoding: 'utf8' });
  const serverMs = Number(server.stdout.trim());
  step(
    `main's start: ${report.startMs.toFixed(0)} ms to load the packaged bundle and run its ready handlers (stand-in electron), without the reference server; ` +
      `its packages (Fastify, PGlite, pg) take ${Number.isFinite(serverMs) ? serverMs.toFixed(0) : '?'} ms to load, now in the sandbox process only; ` +
      `${report.ipcChannels.length} channels with the sender check; the sandbox answered a sign-in through the registered handler; ` +
      `the logs folder holds ${report.logs.files.join(' and ')} (${report.logs.text.split('\n').filter(Boolean).length} lines, without the sign-in's email or password); Help menu: ${report.helpMenu.filter((item) => item !== 'separator').join(', ')}`,
  );
  console.log('package:check passed');
} catch (error) {
  if (!(error instanceof CheckFailure)) throw error;
  console.error(`package:check FAILED: ${error.title}`);
  for (const problem of error.problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
