/**
 * What app.asar must and must not hold, as pure functions of its file list (scripts/package-check.ts
 * reads the archive; archive.test.ts feeds these lists directly).
 */
import { builtinModules } from 'node:module';

/** The files main loads by path at run time, named for the report. */
export const RUNTIME_ENTRIES: Record<string, string> = {
  'package.json': "the app's manifest (its main field names main's bundle)",
  'out/main/index.js': "main's bundle",
  'out/main/list-worker.js': 'the list worker (a worker thread main starts)',
  'out/main/sandbox.js': 'the sandbox process entry (a utility process main starts when the sandbox is chosen)',
  'out/preload/index.cjs': "the window's preload",
  'out/renderer/index.html': 'the renderer (served over app://)',
  'out/third-party-notices.json': 'the third-party notices (Help > About), written by the build',
};

/** Prefixes of what only development uses; none may be in the archive. */
export const DEV_ONLY_PATHS = ['src/', 'server/', 'tests/', 'bench/', 'scripts/', 'docs/', 'resources/', 'out/.build-inputs', 'node_modules/.bin/'];

export interface ArchiveInput {
  /** Paths inside app.asar, without a leading slash (unpacked files included). */
  files: readonly string[];
  /** The built out/ folder's files (what electron-vite produced), relative to the project. */
  built: readonly string[];
  /** The text of each built JavaScript file of out/main (relative path to text). */
  mainSources: Record<string, string>;
  /** The names of the server's migrations (server/migrations.ts). */
  migrations: readonly string[];
  /** package.json's development dependencies. */
  devDependencies: readonly string[];
  /** package.json's production dependencies (each must be imported by main's or the sandbox's bundle). */
  dependencies: readonly string[];
  /** The package names app.asar's node_modules holds. */
  packages: readonly string[];
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The package a bare import names ('@scope/name/sub' to '@scope/name'), or null for builtins and electron. */
export function packageOf(specifier: string): string | null {
  if (builtins.has(specifier) || specifier.startsWith('node:') || specifier === 'electron') return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The static and dynamic import specifiers of a built ES module. */
export function importsOf(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    found.add((m[1] ?? m[2] ?? m[3])!);
  }
  return [...found];
}

/** Each problem with the archive as one line; empty when it holds what main needs and nothing of development. */
export function archiveProblems(input: ArchiveInput): string[] {
  const problems: string[] = [];
  const inside = new Set(input.files);
  for (const [path, what] of Object.entries(RUNTIME_ENTRIES)) if (!inside.has(path)) problems.push(`missing ${path}: ${what}`);
  for (const path of input.built) if (!inside.has(path) && !(path in RUNTIME_ENTRIES) && !path.endsWith('.map') && path !== 'out/.build-inputs') problems.push(`missing ${path}: built, but not packaged`);
  for (const [path, source] of Object.entries(input.mainSources)) {
    for (const specifier of importsOf(source)) {
      if (specifier.startsWith('.')) {
        const target = new URL(specifier, `file:///${path}`).pathname.slice(1);
        if (!inside.has(target)) problems.push(`missing ${target}: ${path} imports it`);
        continue;
      }
      const pkg = packageOf(specifier);
      if (pkg && !inside.has(`node_modules/${pkg}/package.json`)) problems.push(`missing the package ${pkg}: ${path} imports it (a production dependency?)`);
    }
  }
  const imported = new Set(Object.values(input.mainSources).flatMap((source) => importsOf(source).map(packageOf)));
  for (const pkg of input.dependencies) if (!imported.has(pkg)) problems.push(`the production dependency ${pkg} is imported by none of main's bundles (a development dependency?)`);
  const sandbox = input.mainSources['out/main/sandbox.js'] ?? '';
  for (const name of input.migrations) if (!sandbox.includes(name)) problems.push(`the sandbox process's bundle lacks the server migration '${name}'`);
  for (const path of input.files) {
    const dev = DEV_ONLY_PATHS.find((prefix) => path.startsWith(prefix));
    if (dev) problems.push(`development file inside: ${path}`);
    else if (path.endsWith('.map')) problems.push(`source map inside: ${path}`);
  }
  const dev = new Set(input.devDependencies);
  for (const pkg of input.packages) if (dev.has(pkg)) problems.push(`development dependency inside: node_modules/${pkg}`);
  return problems;
}
