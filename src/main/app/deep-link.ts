import { DEEP_LINK_SCHEME } from '../../shared/constants';
import { VIEW_LINK_HOST, readViewLink, viewRoute } from '../../shared/named-views';

/**
 * Turns `content-console://reset-password?token=...` into the in-app path `/reset-password?token=...`.
 * Only known screens are accepted, and `content-console://view?d=...` (a shared view, to its screen);
 * anything else is ignored.
 */
const ALLOWED_PATHS = new Set(['reset-password', 'change-password', 'login']);

export function deepLinkPath(url: string): string | null {
  if (!url.startsWith(`${DEEP_LINK_SCHEME}://`)) return null;
  try {
    const parsed = new URL(url);
    // content-console://reset-password?x -> host 'reset-password'; content-console:///reset-password -> pathname
    const name = (parsed.host || parsed.pathname.replace(/^\/+/, '')).replace(/\/+$/, '');
    // A shared view opens on its screen (checked here; the screen checks it again and saves it).
    if (name === VIEW_LINK_HOST) {
      const read = readViewLink(url);
      return read.ok ? viewRoute(read.file) : null;
    }
    if (!ALLOWED_PATHS.has(name)) return null;
    const token = parsed.searchParams.get('token');
    return token ? `/${name}?token=${encodeURIComponent(token)}` : `/${name}`;
  } catch {
    return null;
  }
}

export function deepLinkIn(argv: readonly string[]): string | null {
  const link = argv.find((arg) => arg.startsWith(`${DEEP_LINK_SCHEME}://`));
  return link ? deepLinkPath(link) : null;
}
