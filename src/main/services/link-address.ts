import { isIP } from 'node:net';

/**
 * Which addresses the course health check may request. A link record names any address, so a check
 * run by an admin must not become a probe of the admin's own computer or network: only public
 * internet addresses are asked (see docs/decisions/security.md, "The link check").
 */
export type AddressKind = 'loopback' | 'private' | 'linkLocal' | 'sharedNat' | 'multicast' | 'unspecified' | 'reserved';

/** What each kind is, in words a staff member can read in the report. */
export const ADDRESS_KIND_WORDS: Record<AddressKind, string> = {
  loopback: 'an address of this computer',
  private: 'an address of a private network',
  linkLocal: 'a link-local address (the local network segment)',
  sharedNat: "an address of a provider's shared network (carrier-grade NAT)",
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address, not on the public internet',
};

/** IPv4 ranges that are not public, as [first address, prefix length, kind]. */
const IPV4_RANGES: readonly [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'sharedNat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'linkLocal'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // the old 6to4 relays
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // future use, and 255.255.255.255 (broadcast)
];

const ipv4Number = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const IPV4_MASKED = IPV4_RANGES.map(([first, bits, kind]) => ({ first: ipv4Number(first), size: 2 ** (32 - bits), kind }));

function ipv4Kind(value: number): AddressKind | null {
  for (const range of IPV4_MASKED) if (value >= range.first && value < range.first + range.size) return range.kind;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included); the caller checked it with isIP. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** An IPv4 address held in two IPv6 groups, as a number. */
const embedded = (high: number, low: number): number => high * 65536 + low;

function ipv6Kind(groups: readonly number[]): AddressKind | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zerosTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zerosTo(8)) return 'unspecified';
  if (zerosTo(7) && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address it stands for decides.
  if (zerosTo(5) && g5 === 0xffff) return ipv4Kind(embedded(g6, g7));
  // NAT64 (64:ff9b::/96): the IPv4 address behind the translator decides; the local-use range is private.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Kind(embedded(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // IPv4-compatible (::a.b.c.d), deprecated, and the rest of ::/8.
  if (g0 < 0x0100) return 'reserved';
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local, fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated), fec0::/10
  if ((g0 & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  // 6to4 (2002::/16) reaches the IPv4 address it carries.
  if (g0 === 0x2002) return ipv4Kind(embedded(g1, g2));
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved'; // IETF protocol assignments (Teredo among them)
  if ((g0 & 0xfff0) === 0x3ff0) return 'reserved'; // documentation, 3fff::/20
  // Global unicast is 2000::/3; everything else is not assigned for the public internet.
  return (g0 & 0xe000) === 0x2000 ? null : 'reserved';
}

/**
 * The kind of a non-public address, or null for a public one (an address the check may request).
 * Anything that is not an IP address at all counts as reserved: only resolved addresses are asked.
 */
export function addressKind(address: string): AddressKind | null {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 4) return ipv4Kind(ipv4Number(plain));
  if (family === 6) return ipv6Kind(ipv6Groups(plain.toLowerCase()));
  return 'reserved';
}
