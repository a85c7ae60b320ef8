/**
 * Link files whose address is a media file itself (…/talk.mp4): the preview plays them like uploaded
 * media. Decided by the address's extension alone, since a link's type is not recorded; main
 * checks again what the answer really is before passing it on.
 */
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'webm', 'mov', 'ogv']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac']);

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

/** 'video' or 'audio' for a direct media address, else null (pages, streams behind players, other schemes). */
export function directMediaKind(address: string): 'video' | 'audio' | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  // https, or http on this machine only (the same rule as the platform server's address).
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  if (!secure || url.username || url.password) return null;
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase() ?? '';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  if (AUDIO_EXTENSIONS.has(extension)) return 'audio';
  return null;
}
