/**
 * What the app may open in the system browser: web pages only. Link files of the library point anywhere on
 * the web, so no host list; the danger of shell.openExternal is other schemes (file:, smb:, custom
 * handlers that run programs) and addresses dressed up with credentials, which are refused.
 */
export function isAllowedExternal(address: string): boolean {
  if (address.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && url.hostname !== '';
}
