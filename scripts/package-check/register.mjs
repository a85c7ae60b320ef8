// `node --import ./register.mjs`: installs hooks.mjs and collects the bare packages resolved in this process.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

export const resolvedPackages = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (specifier) => resolvedPackages.add(specifier));
port1.unref();
register('./hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
globalThis.__packageCheckResolved = resolvedPackages;
