import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Thrown when an outbound call would reach an address this installation does not call (host-internal: callers see `OutboundHttpError`). */
export class AddressRefusedError extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';
}

/**
 * True unless the address is public unicast. Everything else (loopback, private, link-local, unique
 * local, carrier-grade NAT, multicast, reserved, and IPv6 forms that embed an IPv4 address: mapped,
 * NAT64, 6to4, Teredo) could reach the installation's own network.
 */
export function isPrivateAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

/**
 * Resolves a host name once and answers the address to connect to. The caller connects to that
 * address, never to the name again, so a name that resolves to a public address when checked and
 * to a private one when connecting (DNS rebinding) cannot slip through. With `allowPrivate`, any
 * address is accepted.
 */
export async function resolveAllowedAddress(hostname: string, allowPrivate: boolean): Promise<string> {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0) throw new AddressRefusedError(`${bare} does not resolve`);
  // Every address must be public: a name with one private address among public ones is refused.
  if (!allowPrivate && addresses.some(isPrivateAddress)) {
    throw new AddressRefusedError(`${bare} resolves to a private network address, which is not called`);
  }
  return addresses[0]!;
}
