/**
 * The one set-up step of `npm start`, `npm test` and `.ci/run`: after it, the step can run on this machine.
 *
 *   node scripts/setup.mjs start|test
 *
 * Written with Node's built-ins only, since it runs before any dependency exists.
 * 1. On Debian or Ubuntu, the system packages the step needs (keytar's build headers for both; Chromium, the
 *    keyring, PostgreSQL, ffmpeg and the Indic fonts for the tests): installed with apt-get when running as root,
 *    otherwise the one apt-get command to run is printed and the step stops. Windows and macOS need nothing.
 * 2. `npm ci` when node_modules is missing or older than the lockfile. Where Electron's binary cannot be
 *    downloaded (its failure would roll the whole install back), it says so in one line and installs with
 *    ELECTRON_SKIP_BINARY_DOWNLOAD=1.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Written into node_modules after a successful install: the lockfile's hash it was installed from. */
const STAMP = '.content-console-install';

/** keytar builds from source on Linux (node-gyp): the Secret Service headers and a compiler. */
const BUILD_PACKAGES = ['libsecret-1-dev', 'python3', 'make', 'g++'];
/**
 * What the test suite runs on: a browser (Chromium for the benches and screenshots; its headless shell for
 * the walks, which costs them about a fifth less CPU: no browser UI behind the page), a real keyring, PostgreSQL, media tools, fonts for the spec's
 * languages, and a spreadsheet that reads the app's CSV (LibreOffice Calc, driven over python3-uno).
 */
const TEST_PACKAGES = ['chromium', 'chromium-headless-shell', 'gnome-keyring', 'dbus-x11', 'postgresql', 'ffmpeg', 'fonts-noto-core', 'git', 'libreoffice-calc-nogui', 'python3-uno'];

export const debianPackagesFor = (step) => (step === 'test' ? [...BUILD_PACKAGES, ...TEST_PACKAGES] : [...BUILD_PACKAGES]);

/**
 * Whether node_modules matches the lockfile: 'missing', 'stale' or 'current'.
 * The stamp (the lockfile hash of the last install) decides; without one, npm's own record of the install
 * (node_modules/.package-lock.json) must not be older than the lockfile.
 */
export function installState({ hasNodeModules, lockHash, stampHash, installedMtimeMs, lockMtimeMs }) {
  if (!hasNodeModules) return 'missing';
  if (stampHash !== undefined) return stampHash === lockHash ? 'current' : 'stale';
  if (installedMtimeMs === undefined) return 'stale';
  return installedMtimeMs >= lockMtimeMs ? 'current' : 'stale';
}

const say = (line) => console.log(`setup: ${line}`);
const fileHash = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');
const mtimeOf = (path) => (existsSync(path) ? statSync(path).mtimeMs : undefined);

function readInstallState() {
  const nodeModules = join(root, 'node_modules');
  const stampPath = join(nodeModules, STAMP);
  const lockPath = join(root, 'package-lock.json');
  return installState({
    hasNodeModules: existsSync(nodeModules),
    lockHash: fileHash(lockPath),
    stampHash: existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : undefined,
    installedMtimeMs: mtimeOf(join(nodeModules, '.package-lock.json')),
    lockMtimeMs: statSync(lockPath).mtimeMs,
  });
}

function isDebianLike() {
  if (platform() !== 'linux' || !existsSync('/etc/os-release')) return false;
  const release = readFileSync('/etc/os-release', 'utf8');
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
}

const dpkgInstalled = (name) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes('install ok installed') ?? false;

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

/** apt-get with a few retries: a mirror hiccup should not fail a fresh machine's first command. */
function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (run('apt-get', ['update', '-qq'], env) && run('apt-get', ['install', '-y', '-qq', '-o', 'Dpkg::Use-Pty=0', ...packages], env)) return true;
    say(`apt-get failed (attempt ${attempt} of 3)`);
  }
  return false;
}

function ensureSystemPackages(step) {
  if (!isDebianLike()) return true;
  const missing = debianPackagesFor(step).filter((name) => !dpkgInstalled(name));
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    say(`this step needs Debian packages that are not installed. Run, then try again:\n\n  sudo apt-get install -y ${missing.join(' ')}\n`);
    return false;
  }
  say(`installing Debian packages: ${missing.join(' ')}`);
  return aptInstall(missing);
}

/** Where @electron/get downloads the binary from (ELECTRON_MIRROR overrides GitHub). */
function electronDownloadUrl() {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const version = lock.packages?.['node_modules/electron']?.version;
  const mirror = process.env.ELECTRON_MIRROR ?? 'https://github.com/electron/electron/releases/download/';
  return `${mirror}v${version}/electron-v${version}-${platform()}-${arch()}.zip`;
}

/** Whether the Electron download host answers within a few seconds (any HTTP status counts as reachable). */
function canReach(url, timeoutMs = 5000) {
  return new Promise((resolveReach) => {
    const req = request(url, { method: 'HEAD', timeout: timeoutMs }, (res) => {
      res.resume();
      resolveReach(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolveReach(false));
    req.end();
  });
}

function npmCi(skipElectron) {
  const env = { ...process.env };
  if (skipElectron) env.ELECTRON_SKIP_BINARY_DOWNLOAD = '1';
  // keytar builds with node-gyp: use Node's installed headers where they exist instead of downloading them.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  return run(platform() === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-audit', '--no-fund'], env);
}

async function ensureNodeModules() {
  const state = readInstallState();
  if (state === 'current') return true;
  say(state === 'missing' ? 'node_modules is missing: running npm ci' : 'node_modules is older than package-lock.json: running npm ci');
  let skipElectron = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1';
  if (!skipElectron && !(await canReach(electronDownloadUrl()))) {
    say("Electron's binary cannot be downloaded here; installing without it (npm start opens the browser preview instead)");
    skipElectron = true;
  }
  if (!npmCi(skipElectron)) {
    if (skipElectron) return false;
    say("npm ci failed; retrying without Electron's binary download (ELECTRON_SKIP_BINARY_DOWNLOAD=1)");
    if (!npmCi(true)) return false;
  }
  if (platform() === 'linux' && !existsSync(join(root, 'node_modules/keytar/build/Release/keytar.node'))) {
    say("keytar's native module was not built by npm ci; rebuilding it");
    if (!run('npm', ['rebuild', 'keytar'])) return false;
  }
  writeFileSync(join(root, 'node_modules', STAMP), `${fileHash(join(root, 'package-lock.json'))}\n`);
  return true;
}

export async function setup(step) {
  if (!ensureSystemPackages(step)) return false;
  return ensureNodeModules();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const step = process.argv[2] ?? 'start';
  if (step !== 'start' && step !== 'test') {
    console.error('usage: node scripts/setup.mjs start|test');
    process.exit(2);
  }
  process.exit((await setup(step)) ? 0 : 1);
}
