/**
 * `npm start`: the desktop app on its local sandbox. Where Electron's binary is missing (it cannot be
 * downloaded on some machines), say so in one line and run the browser preview instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

const run = (args) => {
  const child = spawn('npx', args, { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
};

if (electronBinary()) {
  run(['electron-vite', 'preview']);
} else {
  console.log('Electron binary not installed here; opening the browser preview instead (npm run preview).');
  run(['tsx', 'scripts/preview.ts']);
}
