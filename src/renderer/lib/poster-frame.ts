import { grantPreviewSrc, type GrantView } from '../../shared/api/app';
import { APP_TEXT } from '../../shared/messages';
import { posterSize } from '../../shared/poster-size';
import { fail, type Result } from '../../shared/result';

/** Waits for one of a media element's events; an 'error' (or `timeoutMs` passing) rejects. */
function once(video: HTMLVideoElement, event: 'loadedmetadata' | 'seeked', timeoutMs = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => done();
    const onError = () => done(new Error(APP_TEXT.frameUndecodable));
    const timer = setTimeout(() => done(new Error(APP_TEXT.frameUndecodable)), timeoutMs);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

/**
 * A granted video opened for poster frames: the page's own <video> (the file streams through main by
 * grant id) with its index being read. Opened when the file is picked, the index is read before a frame
 * is asked for; `dispose` lets the file go.
 */
export interface PosterSource {
  grantId: string;
  video: HTMLVideoElement;
  /** The index read (rejects when the file cannot be decoded). */
  loaded: Promise<void>;
  dispose(): void;
}

export function openPosterSource(grantId: string): PosterSource {
  const video = document.createElement('video');
  // The canvas must stay readable: in Electron the file comes from another scheme (cc-media://).
  video.crossOrigin = 'anonymous';
  video.muted = true;
  // Only the index: with 'auto' Chromium streams the file from its first byte as soon as the index is
  // read, and that read competes with the seek's (profiled on a 1 GiB H.264 file: the seek's take went
  // from 3.4 s to 2.1 s on the same loaded machine).
  video.preload = 'metadata';
  const loaded = once(video, 'loadedmetadata');
  // Awaited by the take; a file given up before then must not report an unhandled rejection.
  loaded.catch(() => undefined);
  video.src = window.files.previewUrl(grantPreviewSrc(grantId));
  const dispose = () => {
    video.removeAttribute('src');
    video.load();
  };
  return { grantId, video, loaded, dispose };
}

/**
 * A poster frame of a granted video at `atSeconds` (past the end: its last moment), drawn at the video's
 * aspect within 1280 x 720 and encoded as JPEG; main writes and grants the image, which is returned like
 * a picked file. A codec Chromium cannot decode says so. `source`: a video opened with openPosterSource
 * (kept open for the next frame), or a grant id (opened for this frame only).
 */
export async function takePosterFrame(source: string | PosterSource, atSeconds: number): Promise<Result<GrantView>> {
  const own = typeof source === 'string';
  const opened = typeof source === 'string' ? openPosterSource(source) : source;
  const { grantId, video, loaded } = opened;
  try {
    await loaded;
    if (!video.videoWidth || !video.videoHeight) return fail('validation', APP_TEXT.frameNoVideo);
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const seeked = once(video, 'seeked');
    video.currentTime = Math.max(0, Math.min(atSeconds, Math.max(0, duration - 0.05)));
    await seeked;
    const size = posterSize(video.videoWidth, video.videoHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return fail('validation', APP_TEXT.frameUndecodable);
    context.drawImage(video, 0, 0, size.width, size.height);
    return await window.api.files.saveFrame({ grantId, image: canvas.toDataURL('image/jpeg', 0.88) });
  } catch (error) {
    return fail('validation', error instanceof Error ? error.message : APP_TEXT.frameUndecodable);
  } finally {
    // After the answer is on its way: letting the file go is not part of the wait.
    if (own) setTimeout(opened.dispose, 0);
  }
}
