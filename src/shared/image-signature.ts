/**
 * What an image file really is, by its first bytes: a name and a declared type are only claims (HTML
 * sent as `x.png` with image/png is not an image). The reference server checks every uploaded image
 * this way, and main checks a file before it sends it as an image.
 */
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** How many leading bytes `imageKindOf` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const EXTENSIONS: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'gif', webp: 'webp' };

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** The image kind of these leading bytes, or null when they are not one of the four. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The image kind a file name claims (by its extension), or null. */
export function imageKindOfName(name: string): ImageKind | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSIONS[extension] ?? null;
}

/** Whether a file named `name` whose first bytes are `head` is the image its name says. */
export const isImageContent = (name: string, head: Uint8Array): boolean => {
  const claimed = imageKindOfName(name);
  return claimed !== null && imageKindOf(head) === claimed;
};

export const imageContentMessage = (name: string) => `"${name}" is not the image its name says: its content is not a ${imageKindOfName(name)?.toUpperCase() ?? 'PNG, JPEG, GIF or WebP'} image.`;
