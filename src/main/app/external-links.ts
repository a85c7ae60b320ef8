/**
 * What the app may open in the system browser. Link files of the library point anywhere on the web, so
 * no host list; the danger of shell.openExternal is other schemes (file:, smb:, custom handlers that
 * run programs), addresses dressed up with credentials, and plain http, whose page anyone on the way
 * can change. So: https opens; http opens only on this computer (loopback); http elsewhere is asked
 * about first with the full address shown; everything else is refused.
 */
export type ExternalDecision = 'open' | 'ask' | 'refuse';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

export function externalDecision(address: string): ExternalDecision {
  if (address.length > 2048) return 'refuse';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'refuse';
  }
  if (url.username || url.password || url.hostname === '') return 'refuse';
  if (url.protocol === 'https:') return 'open';
  if (url.protocol === 'http:') return LOOPBACK.test(url.hostname) ? 'open' : 'ask';
  return 'refuse';
}

/** The question asked before an http address is opened: the full address, and why it is asked. */
export function externalQuestion(address: string): { message: string; detail: string } {
  return {
    message: 'Open this unencrypted address in your browser?',
    detail: `${address}\n\nIt uses plain http: anyone on the network between you and the site can read or change the page.`,
  };
}
