import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key sign-in failures are counted under for a client address. IPv6 addresses count per /64:
 * one host (or one customer of a provider) usually holds a whole /64 and could otherwise try again
 * from a fresh address for every guess. IPv4-mapped IPv6 addresses count as the IPv4 address.
 * Anything else (no address, a value a proxy made up) is kept as given, cut to a bounded length.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  if (mapped !== undefined && isIPv4(mapped)) return mapped;
  const withoutZone = address.split('%', 1)[0] ?? '';
  if (!isIPv6(withoutZone)) return address.slice(0, 64);
  return `${expandIPv6(withoutZone).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (`::` expanded; a trailing IPv4 part is two groups). */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::', 2) as [string, string?];
  const groupsOf = (part: string): string[] => (part === '' ? [] : part.split(':').flatMap(ipv4AsGroups));
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const zeros = new Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  return [...front, ...zeros, ...back].map((group) => group.replace(/^0+(?=.)/, ''));
}

function ipv4AsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
