import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { LINK_CHECK } from '../../shared/schemas/course-health';
import { ADDRESS_KIND_WORDS, addressKind } from './link-address';

/**
 * A link's answer: null when it answers (any status under 400); `broken` when it does not, and why;
 * `refused` when it was not requested at all, and why (it leads to an address that is not public).
 */
export type LinkAnswer = null | { kind: 'broken' | 'refused'; reason: string };

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface LinkProbeOptions {
  /** The whole check of one link (every lookup and redirect), in ms. */
  timeoutMs?: number;
  /**
   * Loopback addresses (127.0.0.0/8, ::1) are requested too. Only for test runs whose link servers
   * listen on loopback: the core gets it from the test harness or the test preview host, never from a
   * setting or the page.
   */
  allowLoopback?: boolean;
  /** Resolves host names (default: the system's resolver, every address). Tests inject their own. */
  resolve?: Resolver;
}

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

const broken = (reason: string): LinkAnswer => ({ kind: 'broken', reason });
const refused = (reason: string): LinkAnswer => ({ kind: 'refused', reason });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The host of a URL as the resolver takes it ([::1] -> ::1). */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** The addresses of a URL's host, all public (or loopback when allowed); else why the link is refused. */
async function checkedAddresses(url: URL, options: LinkProbeOptions, hop: number, aborted: Promise<never>): Promise<ResolvedAddress[] | LinkAnswer> {
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = literal ? [{ address: host, family: literal }] : await Promise.race([(options.resolve ?? systemResolver)(host), aborted]);
  } catch (error) {
    if ((error as { name?: string }).name === 'TimeoutError') throw error;
    return broken(`the name ${host} is not found`);
  }
  if (addresses.length === 0) return broken(`the name ${host} is not found`);
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (kind === null || (kind === 'loopback' && options.allowLoopback)) continue;
    const where = address === host ? `${address} is` : `${host} leads to ${address},`;
    const how = hop === 0 ? '' : `it redirects to ${url.origin}, and `;
    return refused(`${how}${where} ${ADDRESS_KIND_WORDS[kind]}; only public web addresses are checked`);
  }
  return addresses;
}

/**
 * One request to the addresses checked just before: the connection goes to one of them (no second
 * lookup between the check and the connection, so a name cannot change its answer in between), no
 * connection is kept or shared, and only the status and Location are read.
 */
function requestOnce(url: URL, method: 'HEAD' | 'GET', addresses: ResolvedAddress[], signal: AbortSignal): Promise<{ status: number; location: string | null }> {
  const lookup = ((_host: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // Credentials written into a link are not sent.
  const target = new URL(url);
  target.username = '';
  target.password = '';
  return new Promise((resolve, reject) => {
    const req = send(target, { method, signal, agent: false, lookup, headers: method === 'GET' ? { range: 'bytes=0-0' } : {} }, (res: IncomingMessage) => {
      resolve({ status: res.statusCode ?? 0, location: typeof res.headers.location === 'string' ? res.headers.location : null });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

/** Follows a link's redirects by hand, each hop's host checked before it is requested. */
async function follow(start: URL, method: 'HEAD' | 'GET', options: LinkProbeOptions, signal: AbortSignal, aborted: Promise<never>): Promise<number | LinkAnswer> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const addresses = await checkedAddresses(url, options, hop, aborted);
    if (!Array.isArray(addresses)) return addresses;
    const { status, location } = await requestOnce(url, method, addresses, signal);
    if (!REDIRECTS.has(status) || location === null) return status;
    if (hop >= LINK_CHECK.maxRedirects) return broken(`more than ${LINK_CHECK.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return broken(`it redirects to something that is not an address`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') return broken(`it redirects to a ${next.protocol} address`);
    url = next;
  }
}

/** Why a request failed, in words. */
function failure(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  if (/CERT|SELF_SIGNED|ERR_TLS/.test(code)) return 'its certificate is not valid';
  return 'no answer';
}

/**
 * Checks one link: a HEAD request (a GET of one byte where HEAD is refused), redirects followed by hand
 * (at most LINK_CHECK.maxRedirects), within one timeout. Before each request the host is resolved and
 * every address it has must be public: a link to this computer, a private or link-local network, a
 * carrier-grade NAT, multicast or a reserved address is not requested and is reported as not checked.
 */
export async function probeLink(url: string, options: LinkProbeOptions = {}): Promise<LinkAnswer> {
  const timeoutMs = options.timeoutMs ?? LINK_CHECK.timeoutMs;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return broken('not an address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return broken(`${parsed.protocol} is not a web address`);
  const signal = AbortSignal.timeout(timeoutMs);
  const aborted = new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));
  aborted.catch(() => undefined);
  try {
    let answer = await follow(parsed, 'HEAD', options, signal, aborted);
    if (answer === 405 || answer === 501) answer = await follow(parsed, 'GET', options, signal, aborted);
    if (typeof answer !== 'number') return answer;
    return answer < 400 ? null : broken(`HTTP ${answer}`);
  } catch (error) {
    return signal.aborted ? broken(`no answer in ${timeoutMs / 1000} s`) : broken(failure(error));
  }
}
