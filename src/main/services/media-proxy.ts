import { directMediaKind } from '../../shared/media-links';
import { problemOfStatus, type PreviewProblem } from '../../shared/preview-problems';
import { authHeaders } from './http';

/**
 * Media previews through main (DESIGN section 9). The page's <video>/<img> load
 * `cc-media://preview/?src=<preview URL>` (Electron) or `/__bridge/media?src=<preview URL>` (the
 * browser bridge); main fetches the preview URL with the session token, only when it is on the
 * connected server's own origin and one of its media routes, and streams the answer back (Range
 * included) only when it is audio, video or an image. So the page's CSP names
 * no remote origin for media. The one other thing main fetches for the page is a link file's direct media
 * address (https://…/talk.mp4): without the token, and passed on only when the answer is audio or video.
 */

/**
 * The media routes of the connected server (under any path prefix): a library file's media or
 * thumbnail, a stored file of the engagement areas, a course's thumbnail. Only these get the token: no
 * JSON API route has this shape (a test checks every contract route against it), so the proxy can
 * never read the API with the session.
 */
const MEDIA_ROUTE = /\/(library\/media\/(file|thumbnail)|library\/stored|mentorship\/stored|video-repository\/course\/thumbnail)\/[^/]+$/;
export const isMediaRoute = (pathname: string): boolean => MEDIA_ROUTE.test(pathname);

/** What a preview may be: the player's and the image's types, never a page, JSON or a download. */
const MEDIA_TYPE = /^(audio|video|image)\//i;

/**
 * The preview URL to fetch with the token, or null: not http(s), credentials in it, not on an allowed
 * origin, or not one of the server's media routes.
 */
export function previewTarget(src: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  return allowedOrigins.includes(url.origin) && isMediaRoute(url.pathname) ? url.href : null;
}

/** Headers passed on to the page: what a player needs, nothing else the server may have sent. */
const PASSED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'cache-control', 'last-modified', 'etag'];

export interface MediaProxyDeps {
  /** Origins of the connected server (the platform URL, the library service's base). */
  allowedOrigins(): string[];
  token(): string | null;
  fetch?: typeof fetch;
  /** Told why a preview could not be passed on (the page asks for it when its player fails). */
  problems?: PreviewProblems;
}

/**
 * Why the last previews failed, by their source address: the player in the page sees only that a
 * load failed, never the status or a connection error, so it asks main (`files.previewProblem`).
 * Bounded: the oldest are forgotten first.
 */
export class PreviewProblems {
  private readonly bySrc = new Map<string, PreviewProblem>();
  constructor(private readonly limit = 100) {}
  record(src: string, problem: PreviewProblem | null): void {
    this.bySrc.delete(src);
    if (!problem) return;
    this.bySrc.set(src, problem);
    if (this.bySrc.size > this.limit) this.bySrc.delete(this.bySrc.keys().next().value!);
  }
  get(src: string): PreviewProblem | null {
    return this.bySrc.get(src) ?? null;
  }
}

/** One preview request: the server's answer as a Response for the page. */
export async function proxyMedia(deps: MediaProxyDeps, src: string, range: string | null, signal?: AbortSignal): Promise<Response> {
  const target = previewTarget(src, deps.allowedOrigins());
  if (target) {
    const token = deps.token();
    if (!token) {
      deps.problems?.record(src, { kind: 'signedOut', status: 401, host: new URL(target).host });
      return new Response(null, { status: 401 });
    }
    return forward(deps, src, target, { ...authHeaders('token', token), ...(range ? { range } : {}) }, signal);
  }
  // A link to a media file elsewhere: fetched as a browser would, with nothing of the session.
  if (directMediaKind(src)) return forward(deps, src, new URL(src).href, range ? { range } : {}, signal);
  return new Response(null, { status: 404 });
}

/** The status the page gets when the upstream server could not be reached at all (DNS, connect, TLS). */
export const UNREACHABLE_STATUS = 504;

async function forward(deps: MediaProxyDeps, src: string, target: string, headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Response> {
  const host = new URL(target).host;
  const failed = (status: number, problem: PreviewProblem) => {
    deps.problems?.record(src, problem);
    return new Response(null, { status });
  };
  let answer: Response;
  try {
    // No redirect is followed: the token goes to the connected server only, and a link goes where it says.
    answer = await (deps.fetch ?? fetch)(target, { headers, redirect: 'manual', signal });
  } catch (error) {
    // The page went away (the dialog closed): nothing to report.
    if (signal?.aborted) return new Response(null, { status: 499 });
    return failed(UNREACHABLE_STATUS, { kind: 'unreachable', status: null, host, detail: causeOf(error) });
  }
  if (answer.status >= 300 && answer.status < 400) {
    await answer.body?.cancel();
    return failed(502, { kind: 'redirected', status: answer.status, host });
  }
  // Only media reaches the page: an answer of another type (a page, JSON, an error's text) is dropped,
  // its status kept so the player can say why.
  const type = answer.headers.get('content-type') ?? '';
  if (!answer.ok || !MEDIA_TYPE.test(type)) {
    await answer.body?.cancel();
    return failed(answer.ok ? 415 : answer.status, problemOfStatus(answer.ok ? 415 : answer.status, host));
  }
  deps.problems?.record(src, null);
  const passed = new Headers();
  for (const name of PASSED) {
    const value = answer.headers.get(name);
    if (value !== null) passed.set(name, value);
  }
  passed.set('x-content-type-options', 'nosniff');
  return new Response(answer.body, { status: answer.status, headers: passed });
}

/** The system's reason for a failed connection (ENOTFOUND, ECONNREFUSED, ...), from fetch's cause. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}
