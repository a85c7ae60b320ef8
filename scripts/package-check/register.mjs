// `node --import ./register.mjs`: installs hooks.mjs and collects the bare packages resolved in this process.
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

export const resolvedPackages = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (specifier) => resolvedPackages.add(specifier));
port1.unref();
register('./hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
globalThis.__packageCheckResolved = resolvedPackages;

// CommonJS packages (electron-updater) require('electron') too: the same stand-in instance for them.
globalThis.__electronStandIn = await import('./electron-stand-in.mjs');
const cjsStandIn = fileURLToPath(new URL('./electron-stand-in.cjs', import.meta.url));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? cjsStandIn : resolveFilename.call(this, request, ...rest);
};
