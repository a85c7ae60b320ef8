import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { MEDIA_SCHEME } from '../../shared/api/app';
import { APP_ORIGIN, APP_SCHEME, appContentType, appFileFor } from './app-url';

/** Before the app is ready: app:// serves the renderer, cc-media:// streams previews (both secure origins). */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    // corsEnabled: the page draws a frame of a local video to a canvas (a poster frame), so the <video>
    // loads with crossorigin and the answer names the page's origin.
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, stream: true, corsEnabled: true } },
  ]);
}

const devOrigin = (): string | null => {
  const url = process.env.ELECTRON_RENDERER_URL;
  return url ? new URL(url).origin : null;
};

export type PreviewMedia = (src: string, range: string | null, signal?: AbortSignal) => Promise<Response>;

/**
 * After ready: app:// answers with the built renderer's files (nothing outside its folder), and
 * cc-media://preview/?src=<preview URL> with the core's media proxy (token added in main).
 */
export function handleProtocols(rendererRoot: string | null, previewMedia: Promise<PreviewMedia>): void {
  // `npm run dev` loads the dev server's URL: no files are served over app:// then.
  if (rendererRoot) protocol.handle(APP_SCHEME, async (request) => {
    const file = appFileFor(request.url, rendererRoot);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      return new Response(await readFile(file), { headers: { 'content-type': appContentType(file), 'x-content-type-options': 'nosniff' } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const src = new URL(request.url).searchParams.get('src') ?? '';
    try {
      const answer = await (await previewMedia)(src, request.headers.get('range'), request.signal);
      // Only the app's own page (app://, or the dev server under `npm run dev`) may read the bytes.
      const origin = request.headers.get('origin');
      if (origin && (origin === APP_ORIGIN || origin === devOrigin())) answer.headers.set('access-control-allow-origin', origin);
      return answer;
    } catch {
      return new Response(null, { status: 503 });
    }
  });
}
