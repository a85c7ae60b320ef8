/**
 * `npm start`: the desktop app on its local sandbox. Where Electron's binary is missing (it cannot be
 * downloaded on some machines), say so in one line and run the browser preview instead.
 */
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

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
