import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Loopback, private, link-local, shared and unspecified ranges: addresses behind the server, not on the internet. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mappedV4) return isPublicAddress(mappedV4);
  const family = isIP(address);
  return family !== 0 && !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
