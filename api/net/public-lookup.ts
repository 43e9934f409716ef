import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Only addresses on the internet: ipaddr.js's `unicast` range, which leaves out loopback, private, link-local,
 * shared, reserved, benchmarking, multicast and broadcast ranges. Every form of IPv4 inside IPv6 (mapped,
 * compatible, SIIT, NAT64, 6to4, Teredo) has a range of its own and is refused: it can lead to any IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'unicast';
}

/**
 * A DNS lookup for outgoing requests made on an owner's behalf: a name that resolves to an address behind this
 * server fails, at the moment of connecting, so a name that changes its answer between checks cannot slip through.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`), { code: 'ENOTPUBLIC' }),
        '',
        0,
      );
    }
    // net asks for every address when it may try both families (autoSelectFamily), for one otherwise.
    if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
};
