import * as v from 'valibot';
import { issueSentence } from './plain-issues';
import { DEEP_LINK_SCHEME } from './constants';
import { NamedViewSchema, TableKeySchema, type NamedView } from './schemas/settings';

/**
 * A named view shared with a colleague: as a small JSON file, or as a `content-console://view?d=...`
 * link (the same JSON, base64url) that the desktop app opens and the browser preview takes in its
 * "Open view link" box. Both are read with the same schema: what does not match changes nothing.
 */

export const VIEW_FILE_FORMAT = 'content-console-view';
/** At most this many characters of a view file or link are read (a view is a few hundred). */
export const MAX_VIEW_TEXT = 100_000;
export const VIEW_LINK_HOST = 'view';
const VIEW_LINK_PREFIX = `${DEEP_LINK_SCHEME}://${VIEW_LINK_HOST}?d=`;

/** The route of the screen a view belongs to: letters, digits, '-', '_' and '/' only. */
const ScreenPathSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^\/[A-Za-z0-9_/-]*$/, 'The screen address is not one of this app.'));

export const ViewFileSchema = v.object({
  format: v.literal(VIEW_FILE_FORMAT, 'This is not a Content Console view.'),
  version: v.literal(1, 'This view was made by a newer Content Console.'),
  /** The screen's key (its title, unless the screen names another). */
  screen: TableKeySchema,
  /** The screen's route, where a link opens. */
  path: ScreenPathSchema,
  view: NamedViewSchema,
});
export type ViewFile = v.InferOutput<typeof ViewFileSchema>;

export const VIEW_TEXT = {
  notJson: 'This is not a Content Console view file (it is not JSON).',
  tooLarge: 'This file is too large to be a view.',
  notLink: `This is not a view link: a view link starts with ${VIEW_LINK_PREFIX}`,
  damagedLink: 'This view link is damaged or cut short. Copy the whole link again.',
  unreadable: 'The view could not be read:',
} as const;

export type ViewRead = { ok: true; file: ViewFile } | { ok: false; message: string };

export const viewFileOf = (screen: string, path: string, view: NamedView): ViewFile => ({ format: VIEW_FILE_FORMAT, version: 1, screen, path, view });

/** The file's text: small and readable (a person may look into it). */
export const viewFileText = (file: ViewFile): string => `${JSON.stringify(file, null, 2)}\n`;

/** A view file's text, checked; a clear message for anything else. */
export function readViewText(text: string): ViewRead {
  if (text.length > MAX_VIEW_TEXT) return { ok: false, message: VIEW_TEXT.tooLarge };
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, message: VIEW_TEXT.notJson };
  }
  const parsed = v.safeParse(ViewFileSchema, json);
  if (parsed.success) return { ok: true, file: parsed.output };
  const issue = parsed.issues[0];
  const where = v.getDotPath(issue);
  // No format field at all (another program's .json): not a view, said as the format's own message says it.
  if (where === 'format' && issue.input === undefined) return { ok: false, message: 'This is not a Content Console view.' };
  // The format's own messages say it all; others name the field that is wrong, in plain words.
  return { ok: false, message: where === 'format' || where === 'version' ? issue.message : `${VIEW_TEXT.unreadable} ${issueSentence(issue)}` };
}

const toBase64Url = (text: string): string => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (data: string): string | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(data)) return null;
  try {
    const binary = atob(data.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

/** The view's payload as it goes in a link or a route's `?view=`. */
export const viewData = (file: ViewFile): string => toBase64Url(JSON.stringify(file));
export const viewLink = (file: ViewFile): string => `${VIEW_LINK_PREFIX}${viewData(file)}`;

/** A route's `?view=` payload (or a link's `d`), checked. */
export function readViewData(data: string): ViewRead {
  if (data.length > MAX_VIEW_TEXT) return { ok: false, message: VIEW_TEXT.tooLarge };
  const text = fromBase64Url(data);
  // A link's payload that is not a view's JSON was cut or changed on its way: said as a link, not a file.
  if (text === null) return { ok: false, message: VIEW_TEXT.damagedLink };
  const read = readViewText(text);
  return !read.ok && read.message === VIEW_TEXT.notJson ? { ok: false, message: VIEW_TEXT.damagedLink } : read;
}

/** A pasted or opened `content-console://view?d=...` link, checked. */
export function readViewLink(link: string): ViewRead {
  const trimmed = link.trim();
  if (!trimmed.startsWith(VIEW_LINK_PREFIX)) return { ok: false, message: VIEW_TEXT.notLink };
  return readViewData(trimmed.slice(VIEW_LINK_PREFIX.length));
}

/** Where the app goes for a view link: the view's screen, carrying the view. */
export const viewRoute = (file: ViewFile): string => `${file.path}?view=${viewData(file)}`;
