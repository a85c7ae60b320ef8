import { authHeaders } from './http';

/**
 * Media previews through main (DESIGN section 9). The page's <video>/<img> load
 * `cc-media://preview/?src=<preview URL>` (Electron) or `/__bridge/media?src=<preview URL>` (the
 * browser bridge); main fetches the preview URL with the session token, only when it is on the
 * connected server's own origin, and streams the answer back (Range included). So the page's CSP names
 * no remote origin for media, and main fetches nothing else for the page.
 */

/** The preview URL to fetch, or null: not http(s), credentials in it, or not on an allowed origin. */
export function previewTarget(src: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  return allowedOrigins.includes(url.origin) ? url.href : null;
}

/** Headers passed on to the page: what a player needs, nothing else the server may have sent. */
const PASSED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'cache-control', 'last-modified', 'etag'];

export interface MediaProxyDeps {
  /** Origins of the connected server (the platform URL, the library service's base). */
  allowedOrigins(): string[];
  token(): string | null;
  fetch?: typeof fetch;
}

/** One preview request: the server's answer as a Response for the page. */
export async function proxyMedia(deps: MediaProxyDeps, src: string, range: string | null, signal?: AbortSignal): Promise<Response> {
  const target = previewTarget(src, deps.allowedOrigins());
  if (!target) return new Response(null, { status: 404 });
  const token = deps.token();
  if (!token) return new Response(null, { status: 401 });
  let answer: Response;
  try {
    answer = await (deps.fetch ?? fetch)(target, {
      headers: { ...authHeaders('token', token), ...(range ? { range } : {}) },
      // The token goes to the connected server only: a redirect is not followed anywhere.
      redirect: 'manual',
      signal,
    });
  } catch {
    return new Response(null, { status: 502 });
  }
  if (answer.status >= 300 && answer.status < 400) {
    await answer.body?.cancel();
    return new Response(null, { status: 502 });
  }
  const headers = new Headers();
  for (const name of PASSED) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
