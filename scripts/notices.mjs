/**
 * Third-party notices, generated at build from what the package really carries:
 *
 * - the production dependencies electron-builder copies into app.asar (package.json's `dependencies` and
 *   theirs, resolved through node_modules as Node resolves them), and
 * - the packages Vite/Rollup bundled into main, the preload and the renderer (each chunk's module list).
 *
 * A Vite plugin (`noticesPlugin(target)`, added to each of electron-vite's three builds) collects the
 * bundled modules; after each build it writes out/third-party-notices.json whole (main, preload and renderer
 * run in this order in one process, so the last write has all three). Main reads the file for Help > About;
 * `npm run package:check` fails when a package the archive carries is missing from it.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

const LICENCE_FILE = /^(licen[cs]e|copying|notice|copyright)(\.|-|$)/i;

/** The package folder a module id lies in (its last node_modules segment), or null for the app's own code. */
export function packageDirOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const marker = `${sep}node_modules${sep}`;
  const at = clean.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = clean.slice(at + marker.length).split(sep);
  const parts = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  return clean.slice(0, at + marker.length) + parts.join(sep);
}

/** A package's licence as its package.json names it ('MIT', '(MIT OR Apache-2.0)', or 'UNKNOWN'). */
function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license && typeof manifest.license.type === 'string') return manifest.license.type;
  if (Array.isArray(manifest.licenses)) return manifest.licenses.map((l) => (typeof l === 'string' ? l : l.type)).join(' OR ');
  return 'UNKNOWN';
}

/** One notices entry from a package folder. */
export function entryOf(dir, where) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && LICENCE_FILE.test(e.name))
    .map((e) => e.name)
    .sort();
  const text = files.map((name) => readFileSync(join(dir, name), 'utf8').trim()).join('\n\n');
  return { name: manifest.name, version: manifest.version, license: licenceOf(manifest), where: [...where].sort(), text };
}

/** Where Node finds `name` when `fromDir`'s code requires it. */
function resolvePackageDir(name, fromDir, root) {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
}

/**
 * The production dependency tree from `root`'s package.json (optional dependencies that are not installed
 * are left out, as electron-builder leaves them out): package folders.
 */
export function productionPackageDirs(root) {
  const seen = new Set();
  const walk = (dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})];
    for (const name of names) {
      const found = resolvePackageDir(name, dir, root);
      if (!found || seen.has(found)) continue;
      seen.add(found);
      walk(found);
    }
  };
  walk(root);
  return [...seen];
}

/** The notices of `root`'s production tree and of the bundled package folders by build target. */
export function buildNotices(root, bundled) {
  const byDir = new Map();
  const add = (dir, where) => {
    const entry = byDir.get(dir) ?? new Set();
    entry.add(where);
    byDir.set(dir, entry);
  };
  for (const dir of productionPackageDirs(root)) add(dir, 'node_modules');
  for (const [target, dirs] of Object.entries(bundled)) for (const dir of dirs) add(dir, target);
  const byKey = new Map();
  for (const [dir, where] of byDir) {
    const entry = entryOf(dir, where);
    const key = `${entry.name}@${entry.version}`;
    const same = byKey.get(key);
    if (same) same.where = [...new Set([...same.where, ...entry.where])].sort();
    else byKey.set(key, entry);
  }
  const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const packages = [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  return { generatedAt: new Date().toISOString(), app: { name: app.name, version: app.version }, packages };
}

export const NOTICES_FILE = 'out/third-party-notices.json';

/** What each build bundled, shared by the three builds of one `electron-vite build`. */
const bundledByTarget = {};

/** The Vite plugin: records the packages this build bundled, then writes the notices file. */
export function noticesPlugin(target, root = process.cwd()) {
  return {
    name: 'content-console-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Set();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const dir = packageDirOf(id);
          if (dir) dirs.add(dir);
          // Vite's own helpers (the preload helper, the module preload polyfill) are Vite's code.
          else if (id.startsWith('\0vite/')) dirs.add(join(root, 'node_modules', 'vite'));
        }
      }
      bundledByTarget[target] = [...dirs];
    },
    closeBundle() {
      const notices = buildNotices(root, bundledByTarget);
      mkdirSync(join(root, 'out'), { recursive: true });
      writeFileSync(join(root, NOTICES_FILE), `${JSON.stringify(notices, null, 1)}\n`);
    },
  };
}
