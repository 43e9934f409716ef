import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../../api/net/public-lookup';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', 'IPv4 on the internet'],
    ['1.1.1.1', 'IPv4 on the internet'],
    ['2606:4700:4700::1111', 'IPv6 on the internet'],
  ])('lets %s through (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['198.18.0.1', 'benchmarking'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'IPv4 multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:10.0.0.1', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::ffff:0:7f00:1', 'SIIT'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['not an address', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});
