import { extname, resolve, sep } from 'node:path';

/**
 * The renderer is served from `app://content-console/` (Electron's `protocol.handle`), not from
 * file://: a standard, secure origin of its own, so that file:// needs no extra privileges (the
 * grantFileProtocolExtraPrivileges fuse is off) and the page cannot read other local files.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'content-console';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/**
 * The file an app:// request names inside `root` (the built renderer), or null: another host, a path
 * that leaves the folder (also through encoded separators), a NUL. `/` is index.html.
 */
export function appFileFor(url: string, root: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const base = resolve(root);
  const file = resolve(base, `.${path === '/' ? '/index.html' : path}`);
  return file.startsWith(base + sep) ? file : null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};
export const appContentType = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/**
 * True for URLs of the app's own page, `app://content-console/index.html` (every screen is a hash
 * route of it). Node's URL gives custom schemes the origin 'null', so scheme, host and path are compared.
 */
export const isAppPageUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.port && parsed.pathname === '/index.html';
  } catch {
    return false;
  }
};
