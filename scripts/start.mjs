/**
 * `npm start`: the desktop app on its local sandbox, as the first command after a clone.
 * Runs the set-up (system packages, npm ci) when needed; then the Electron app where its binary exists,
 * otherwise the browser preview in the default browser (and the URL and the sign-in on the console always).
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup } from './setup.mjs';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
if (!(await setup('start'))) process.exit(1);

// Imported after the set-up: nothing here may need a dependency before it is installed.
const { electronBinary } = await import('./electron-binary.mjs');
const { buildUnlessCurrent } = await import('./build-stamp.mjs');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const run = (command, args, env = process.env) =>
  new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code) => resolveRun(code ?? 0));
  });

if (electronBinary()) {
  console.log('Starting the Content Console app (Electron) on its local sandbox...');
  const built = buildUnlessCurrent(root);
  if (built !== 0) process.exit(built);
  process.exit(await run(bin('electron-vite'), ['preview', '--skipBuild']));
} else {
  console.log("Electron's binary is not installed here; opening the browser preview of the app instead.");
  process.exit(await run(bin('tsx'), ['scripts/preview.ts'], { ...process.env, PREVIEW_OPEN_BROWSER: '1' }));
}
