/**
 * Skips `electron-vite build` when nothing it reads has changed since the last build: a hash of the build's
 * inputs (sources, configs, the lockfile) is kept beside the output in out/.build-inputs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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
