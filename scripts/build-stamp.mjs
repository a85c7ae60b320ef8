/**
 * Skips `electron-vite build` when nothing it reads has changed since the last build: a hash of the build's
 * inputs (sources, configs, the lockfile) is kept beside the output in out/.build-inputs.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const INPUTS = ['src', 'resources', 'electron.vite.config.ts', 'scripts/notices.mjs', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json'];
const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx'))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** One hash over every input file's path and content (a few hundred files: tens of milliseconds). */
export function buildInputsHash(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input))).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const stampPath = (root) => join(root, 'out', '.build-inputs');

export function buildIsCurrent(root) {
  if (!OUTPUTS.every((output) => existsSync(join(root, output)))) return false;
  return existsSync(stampPath(root)) && readFileSync(stampPath(root), 'utf8').trim() === buildInputsHash(root);
}

export function recordBuild(root) {
  writeFileSync(stampPath(root), `${buildInputsHash(root)}\n`);
}

/**
 * `electron-vite build` unless out/ is current, its output shown as it comes; the stamp is written after a
 * build that passed. Returns the build's exit code (0 when no build was needed).
 */
export function buildUnlessCurrent(root) {
  if (buildIsCurrent(root)) return 0;
  const windows = process.platform === 'win32';
  const electronVite = join(root, 'node_modules', '.bin', windows ? 'electron-vite.cmd' : 'electron-vite');
  // Node runs a .cmd only through the shell, where a path with spaces needs its quotes.
  const built = spawnSync(windows ? `"${electronVite}"` : electronVite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', shell: windows });
  if (built.status === 0) recordBuild(root);
  return built.status ?? 1;
}

// `node scripts/build-stamp.mjs --build-unless-current` (scripts/test.sh, before the walks and the checks that share the build).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--build-unless-current')) {
  process.exit(buildUnlessCurrent(resolve(fileURLToPath(import.meta.url), '..', '..')));
}
