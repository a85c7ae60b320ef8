// ESLint flat config: recommended JS + TypeScript rules (syntax-only, fast) and the layer rules of
// DESIGN.md section 2.
//
// The layers are checked by a small local rule, `layers/boundaries`, that resolves every relative
// import (static, dynamic, re-export, require) to the folder it lands in, so a rule holds whatever the
// depth of the importing file. Bare module names (node builtins, electron) are refused per folder with
// `no-restricted-imports`.
//
//   src/shared/**     imports nothing of src/main, src/renderer, src/preload, server, tests; no node builtins, no electron
//   src/main/**       never imports src/renderer; only the sandbox process's entry (src/main/sandbox/child.ts)
//                     imports server/ (main starts it in a process of its own, on demand)
//   src/renderer/**   never imports src/main, src/preload (type-only src/preload/api.d.ts is fine), server; no electron, no node builtins
//   src/preload/**    imports only src/shared (and electron); no node builtins (a sandboxed preload has none)
//   src/renderer/features/<a>/** never imports src/renderer/features/<b>/** nor src/renderer/app/**
//   src/renderer/{components,kit,lib}/** never import src/renderer/features/** nor src/renderer/app/**
//   src/renderer/lib/**  never imports src/renderer/kit/** nor src/renderer/components/**
//   ipcMain and ipcRenderer are imported only in src/main/ipc/** and src/preload/** (every call goes through
//                     the one registration with the sender check, and the one preload bridge)
//   createHttpClient (src/main/services/http.ts) is imported only by the door (src/main/services/door.ts) and
//                     its own test: every call main makes to the platform goes through the door
//   server/**         imports only src/shared of the app (not src/main, src/renderer, src/preload)
//   src/renderer/**   no file over 400 lines (max-lines); src/main/**, src/shared/** no file over 500
//   src/**            no function over 120 lines, blank lines and comments aside (max-lines-per-function;
//                     tests exempt: a describe block holds its cases)
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/** The layer a path (absolute) belongs to, or null outside the layered folders. */
function layerOf(file) {
  const rel = relative(root, file).split(sep).join('/');
  if (rel.startsWith('..')) return null;
  const m = /^src\/renderer\/features\/([^/]+)\//.exec(rel);
  if (m) return { layer: 'renderer', feature: m[1], part: 'features', rel };
  const part = /^src\/renderer\/([^/]+)\//.exec(rel)?.[1];
  if (part) return { layer: 'renderer', feature: null, part, rel };
  for (const [prefix, layer] of [
    ['src/shared/', 'shared'],
    ['src/main/', 'main'],
    ['src/preload/', 'preload'],
    ['src/renderer/', 'renderer'],
    ['server/', 'server'],
    ['tests/', 'tests'],
    ['bench/', 'bench'],
  ]) {
    if (rel.startsWith(prefix)) return { layer, feature: null, rel };
  }
  return null;
}

/** Which target layers each source layer may not import, with the reason shown. */
const forbidden = {
  shared: {
    main: 'src/shared is pure: it imports nothing of src/main',
    renderer: 'src/shared is pure: it imports nothing of src/renderer',
    preload: 'src/shared is pure: it imports nothing of src/preload',
    server: 'src/shared is pure: it imports nothing of server/',
    tests: 'src/shared imports nothing of tests/',
    bench: 'src/shared imports nothing of bench/',
  },
  main: {
    renderer: 'src/main never imports src/renderer (move the shared piece to src/shared)',
    server:
      'only src/main/sandbox/child.ts imports server/: main starts the sandbox in a process of its own (startSandbox), so the server never loads at main\'s start nor runs on its event loop',
  },
  renderer: {
    main: 'src/renderer never imports src/main: call window.api',
    preload: 'src/renderer never imports src/preload (only the type-only src/preload/api.d.ts)',
    server: 'src/renderer never imports server/',
  },
  preload: {
    main: 'src/preload imports only src/shared',
    renderer: 'src/preload imports only src/shared',
    server: 'src/preload imports only src/shared',
    tests: 'src/preload imports only src/shared',
    bench: 'src/preload imports only src/shared',
  },
  server: {
    main: 'server/ imports only src/shared of the app',
    renderer: 'server/ imports only src/shared of the app',
    preload: 'server/ imports only src/shared of the app',
    tests: 'server/ imports only src/shared of the app',
    bench: 'server/ imports only src/shared of the app',
  },
};

/**
 * Inside the renderer: `app/` composes the features (routes, shell) and nothing imports it back; the
 * shared pieces (`components/`, `kit/`, `lib/`) never import a feature; `lib/` holds no components.
 */
const rendererParts = {
  features: { app: 'a feature never imports src/renderer/app (app composes the features; shared state lives in lib/)' },
  components: {
    features: 'src/renderer/components never imports a feature (move the piece into components/ or keep it in the feature)',
    app: 'src/renderer/components never imports src/renderer/app',
  },
  kit: {
    features: 'src/renderer/kit never imports a feature',
    app: 'src/renderer/kit never imports src/renderer/app',
  },
  lib: {
    features: 'src/renderer/lib never imports a feature',
    app: 'src/renderer/lib never imports src/renderer/app',
    kit: 'src/renderer/lib holds plain helpers: it never imports the screen kit',
    components: 'src/renderer/lib holds plain helpers and hooks: it never imports a component (move the shared piece into lib/)',
  },
};

const layersPlugin = {
  meta: { name: 'layers' },
  rules: {
    boundaries: {
      meta: {
        type: 'problem',
        docs: { description: 'Enforces the layer rules of DESIGN.md section 2' },
        schema: [],
        messages: { forbidden: "'{{source}}': {{reason}}." },
      },
      create(context) {
        const filename = context.filename ?? context.getFilename();
        const from = layerOf(filename);
        if (!from) return {};
        const check = (node, sourceNode, typeOnly) => {
          if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
          const source = sourceNode.value;
          if (!source.startsWith('.') && !source.startsWith('/')) return;
          const to = layerOf(resolve(dirname(filename), source));
          if (!to) return;
          let reason = forbidden[from.layer]?.[to.layer];
          if (reason && from.layer === 'main' && to.layer === 'server' && from.rel === 'src/main/sandbox/child.ts') reason = undefined;
          if (
            reason &&
            from.layer === 'renderer' &&
            to.layer === 'preload' &&
            typeOnly &&
            /^src\/preload\/api(\.d\.ts|\.d|\.ts)?$/.test(to.rel)
          ) {
            reason = undefined;
          }
          if (!reason && from.feature && to.feature && from.feature !== to.feature) {
            reason = `feature '${from.feature}' never imports feature '${to.feature}' (move the shared piece to src/renderer/components or src/shared)`;
          }
          if (!reason && from.layer === 'renderer' && to.layer === 'renderer') {
            reason = rendererParts[from.part]?.[to.part];
          }
          if (reason) context.report({ node, messageId: 'forbidden', data: { source, reason } });
        };
        return {
          ImportDeclaration: (node) =>
            check(
              node,
              node.source,
              node.importKind === 'type' ||
                (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
            ),
          ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
          ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
          ImportExpression: (node) => check(node, node.source, false),
          TSImportType: (node) => check(node, node.argument?.literal ?? node.argument, true),
          CallExpression: (node) => {
            if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) {
              check(node, node.arguments[0], false);
            }
          },
        };
      },
    },
  },
};

const nodeBuiltins = [...new Set([...builtinModules, 'test', 'sea', 'sqlite'].map((m) => m.replace(/^node:/, '')))];
const topBuiltins = nodeBuiltins.filter((m) => !m.includes('/')); // 'fs/promises' is caught by the 'fs/*' pattern
const builtinNames = [...topBuiltins, ...topBuiltins.map((m) => `node:${m}`)];
const builtinPatterns = [
  ...topBuiltins.map((m) => `${m}/*`),
  ...topBuiltins.map((m) => `node:${m}/*`),
];

const restrict = (message, names, patterns = []) => [
  'error',
  {
    paths: names.map((name) => ({ name, message })),
    patterns: patterns.length ? [{ group: patterns, message }] : [],
  },
];

const rendererImports = (extra = []) => {
  const [level, options] = restrict('src/renderer is sandboxed web code: no electron, no node builtins (call window.api)', [...builtinNames, 'electron'], [...builtinPatterns, 'electron/*']);
  return [level, { ...options, paths: [...options.paths, ...extra] }];
};
// Tooltips come from the kit's wrapper, which stays closed when a dialog gives the focus back.
const fluentTooltip = { name: '@fluentui/react-components', importNames: ['Tooltip'], message: "use Tooltip from src/renderer/components/Tooltip (it stays closed when a closing dialog gives the focus back)" };

// The one door (DESIGN section 1): the HTTP client is made only in src/main/services/door.ts.
const httpClientBan = {
  group: ['**/services/http', '**/services/http.ts', './http', './http.ts', '**/main/services/http'],
  importNames: ['createHttpClient'],
  message: 'Only src/main/services/door.ts makes the HTTP client: send the call through the door (createDoor().send, or createReadingDoor for a tool that only reads) so that it is checked, recorded in History and refreshes the kept lists.',
};
const ipcBan = { paths: [{ name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: 'ipcMain is used only in src/main/ipc/ (registerIpc adds the sender check to every channel): add the call to the contract instead' }] };
const doorFiles = ['src/main/services/door.ts', 'src/main/services/http.test.ts'];
// The door's bench measures the door against the bare client.
const doorBench = 'bench/door.ts';

const unusedVars = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true };

const tsFiles = ['**/*.{ts,tsx,mts,cts}'];
const testFiles = ['**/*.test.{ts,tsx}', '**/*.spec.{ts,tsx}'];

export default defineConfig(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      '.sandbox/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.tmp/**',
      'bench/.data/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'warn' } },
  js.configs.recommended,
  ...tseslint.configs.recommended.map((c) => ({ ...c, files: c.files ?? tsFiles })),
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      'no-unused-vars': ['error', unusedVars],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: tsFiles,
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': ['error', unusedVars],
      // TypeScript checks these itself (typecheck step).
      'no-undef': 'off',
      'no-redeclare': 'off',
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    // The two classic hook rules (the React Compiler rules of the plugin's 'recommended' set are left out).
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A renderer file over 400 lines holds more than one responsibility: split it by responsibility.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['src/preload/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // The size rule: a file or a function past its cap holds more than one responsibility (split it by
  // responsibility). Main and shared files hold more plumbing than a screen: 500 lines.
  {
    files: ['src/main/**', 'src/shared/**'],
    rules: { 'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/**'],
    ignores: testFiles,
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // The layer rules.
  {
    files: ['src/**', 'server/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/boundaries': 'error' },
  },
  {
    files: ['src/shared/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(
        'src/shared is pure TypeScript for every side: no node builtins, no electron',
        [...builtinNames, 'electron'],
        [...builtinPatterns, 'electron/*'],
      ),
    },
  },
  {
    files: ['src/renderer/**'],
    rules: { 'no-restricted-imports': rendererImports([fluentTooltip]) },
  },
  {
    // The one place that wraps Fluent's Tooltip.
    files: ['src/renderer/components/Tooltip.tsx'],
    rules: { 'no-restricted-imports': rendererImports() },
  },
  {
    // Renderer tests run in vitest under Node and may read fixtures; electron stays out.
    files: testFiles.map((p) => `src/renderer/${p}`),
    rules: {
      'no-restricted-imports': restrict('src/renderer never imports electron', ['electron'], ['electron/*']),
    },
  },
  {
    // Raw ipc only where the calls are registered (with the sender check) and bridged: ipc/ and preload/.
    files: ['src/main/**'],
    ignores: ['src/main/ipc/**', ...doorFiles],
    rules: {
      'no-restricted-imports': ['error', { ...ipcBan, patterns: [httpClientBan] }],
      'no-restricted-syntax': [
        'error',
        { selector: 'MemberExpression[property.name=/^ipc(Main|Renderer)$/]', message: 'ipcMain and ipcRenderer are used only in src/main/ipc/ and src/preload/' },
      ],
    },
  },
  {
    // The door itself (and the client's own test) make the HTTP client; raw ipc stays banned there too.
    files: doorFiles,
    rules: { 'no-restricted-imports': ['error', ipcBan] },
  },
  {
    // The ipc router: the HTTP client stays in the door.
    files: ['src/main/ipc/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [httpClientBan] }] },
  },
  {
    files: ['scripts/**', 'tests/**', 'bench/**'],
    ignores: [doorBench],
    rules: { 'no-restricted-imports': ['error', { patterns: [httpClientBan] }] },
  },
  {
    files: ['src/preload/**'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': restrict(
        'a sandboxed preload imports only src/shared and electron: no node builtins',
        builtinNames,
        builtinPatterns,
      ),
    },
  },
);
