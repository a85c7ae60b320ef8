// Module hooks for the package check: `electron` resolves to the recording stand-in, and every package
// the main process loads is noted (the check asserts the reference server is not among them).
const standIn = new URL('./electron-stand-in.mjs', import.meta.url).href;
let port;

export function initialize(data) {
  port = data?.port;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: standIn, shortCircuit: true };
  if (!specifier.startsWith('.') && !specifier.startsWith('node:') && !specifier.startsWith('file:') && !specifier.startsWith('/')) port?.postMessage(specifier);
  return next(specifier, context);
}
