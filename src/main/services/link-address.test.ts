import { describe, expect, it } from 'vitest';
import { addressKind } from './link-address';

// Which addresses the course health check may request: public ones only. Each kind with its edges.

describe('addressKind', () => {
  it('IPv4: loopback, private, link-local, carrier-grade NAT, multicast, unspecified and reserved ranges, with their edges', () => {
    const cases: [string, ReturnType<typeof addressKind>][] = [
      ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'],
      ['10.0.0.1', 'private'], ['10.255.255.255', 'private'], ['9.255.255.255', null], ['11.0.0.0', null],
      ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['172.15.255.255', null], ['172.32.0.0', null],
      ['192.168.0.1', 'private'], ['192.168.255.255', 'private'], ['192.169.0.1', null], ['192.167.255.255', null],
      ['169.254.169.254', 'linkLocal'], ['169.254.0.0', 'linkLocal'], ['169.253.255.255', null], ['169.255.0.0', null],
      ['100.64.0.1', 'sharedNat'], ['100.127.255.255', 'sharedNat'], ['100.63.255.255', null], ['100.128.0.0', null],
      ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'],
      ['0.0.0.0', 'unspecified'], ['0.1.2.3', 'unspecified'],
      ['255.255.255.255', 'reserved'], ['240.0.0.1', 'reserved'], ['192.0.2.10', 'reserved'], ['198.51.100.7', 'reserved'],
      ['203.0.113.9', 'reserved'], ['198.18.0.1', 'reserved'], ['192.0.0.8', 'reserved'],
      ['93.184.215.14', null], ['8.8.8.8', null], ['1.1.1.1', null], ['223.255.255.255', null],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it('IPv6: loopback, unspecified, unique local, link-local, site-local, multicast, documentation; global unicast is public', () => {
    const cases: [string, ReturnType<typeof addressKind>][] = [
      ['::1', 'loopback'], ['0:0:0:0:0:0:0:1', 'loopback'], ['[::1]', 'loopback'],
      ['::', 'unspecified'],
      ['fc00::1', 'private'], ['fd12:3456:789a::1', 'private'], ['fec0::1', 'private'],
      ['fe80::1', 'linkLocal'], ['fe80::1%eth0', 'linkLocal'], ['febf::1', 'linkLocal'],
      ['ff02::1', 'multicast'], ['ff0e::101', 'multicast'],
      ['2001:db8::1', 'reserved'], ['2001::1', 'reserved'], ['3fff::1', 'reserved'], ['100::1', 'reserved'], ['::2', 'reserved'],
      ['2606:4700:4700::1111', null], ['2a00:1450:4001:82a::200e', null], ['2001:4860:4860::8888', null],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it('IPv4 written as IPv6 (mapped, compatible, NAT64, 6to4) is judged by the IPv4 address it reaches', () => {
    const cases: [string, ReturnType<typeof addressKind>][] = [
      ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::FFFF:10.0.0.1', 'private'],
      ['::ffff:192.168.1.1', 'private'], ['::ffff:169.254.169.254', 'linkLocal'], ['::ffff:100.64.0.1', 'sharedNat'],
      ['::ffff:224.0.0.1', 'multicast'], ['::ffff:0.0.0.0', 'unspecified'], ['::ffff:8.8.8.8', null],
      ['::127.0.0.1', 'reserved'], ['::8.8.8.8', 'reserved'],
      ['64:ff9b::7f00:1', 'loopback'], ['64:ff9b::10.0.0.1', 'private'], ['64:ff9b::8.8.8.8', null], ['64:ff9b:1::1', 'private'],
      ['2002:7f00:1::1', 'loopback'], ['2002:c0a8:101::1', 'private'], ['2002:0808:0808::1', null],
    ];
    for (const [address, kind] of cases) expect(addressKind(address), address).toBe(kind);
  });

  it('anything that is not an IP address is not requested', () => {
    for (const text of ['localhost', 'example.com', '', '1.2.3', '999.1.1.1']) expect(addressKind(text), text).toBe('reserved');
  });
});
