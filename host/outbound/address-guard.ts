import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { unmapped, type AddressAllowList } from './address-allow-list.js';

/** Thrown when an outbound call would reach an address this installation does not call (host-internal: callers see `OutboundHttpError`). */
export class AddressRefusedError extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';
}

/**
 * The one block of IPv6 allocated for global unicast. ipaddr.js names what it knows and calls the
 * rest `unicast`, which includes the IPv4-compatible `::/96` (`::7f00:1` is 127.0.0.1 to a host
 * that still routes it) and the unallocated space: neither is a public address.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True unless the address is public unicast. Everything else could reach the installation's own
 * network: loopback, private, link-local, unique local, carrier-grade NAT, multicast, unspecified,
 * reserved, and IPv6 forms that embed an IPv4 address, whatever address they embed (IPv4-compatible,
 * NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4, Teredo, IPv4-translated). An IPv4-mapped address
 * (`::ffff:8.8.8.8`) is judged as the IPv4 address it is. Text that is no address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = unmapped(ipaddr.parse(address));
  } catch {
    return true;
  }
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6);
}

/**
 * The address a host name is when it needs no resolving: an IP address, without the brackets of a
 * URL, with the shorthand IPv4 forms a resolver also reads (`2130706433`, `0x7f.1`, `0177.0.0.1`)
 * written out; undefined for a name.
 */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) return bare;
  return ipaddr.IPv4.isValid(bare) ? ipaddr.IPv4.parse(bare).toString() : undefined;
}

/** Which private addresses a client calls: all (`true`), none (`false`) or those of a list. */
export type PrivateAddresses = boolean | AddressAllowList;

/** Whether a call to this address is refused. */
export function isRefusedAddress(address: string, allowPrivate: PrivateAddresses): boolean {
  if (allowPrivate === true || !isPrivateAddress(address)) return false;
  return allowPrivate === false || !allowPrivate.has(address);
}

/**
 * Resolves a host name once and answers the address to connect to. The caller connects to that
 * address, never to the name again, so a name that resolves to a public address when checked and
 * to a private one when connecting (DNS rebinding) cannot slip through.
 */
export async function resolveAllowedAddress(hostname: string, allowPrivate: PrivateAddresses): Promise<string> {
  const literal = literalAddress(hostname);
  const addresses =
    literal !== undefined ? [literal] : (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0) throw new AddressRefusedError(`${hostname} does not resolve`);
  // Every address must be callable: a name with one private address among public ones is refused.
  if (addresses.some((address) => isRefusedAddress(address, allowPrivate))) {
    const listed = typeof allowPrivate === 'boolean' ? '' : ' not among the allowed ones';
    throw new AddressRefusedError(`${hostname} resolves to a private network address${listed}, which is not called`);
  }
  return addresses[0]!;
}
