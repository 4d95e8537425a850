import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is the IPv4 address it carries; others stay as they are. */
export function unmapped(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/**
 * Private-network addresses an installer lets one kind of outbound call reach (an internal receiver
 * of pushes): single addresses (`10.0.0.5`, `::1`) and ranges (`10.20.0.0/16`, `fd00::/8`). Only
 * addresses: a host name would be checked when resolved, and could resolve elsewhere next time.
 */
export class AddressAllowList {
  private constructor(private readonly ranges: readonly Range[]) {}

  /** The list of a property's items; throws naming the first item that is neither an address nor a range. */
  static parse(items: readonly string[]): AddressAllowList {
    return new AddressAllowList(items.map(rangeOf));
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  /** Whether the address (in any text form ipaddr.js reads) is in the list. */
  has(address: string): boolean {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = unmapped(ipaddr.parse(address));
    } catch {
      return false;
    }
    return this.ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
  }
}

function rangeOf(item: string): Range {
  try {
    if (item.includes('/')) {
      const [base, bits] = ipaddr.parseCIDR(item);
      const plain = unmapped(base);
      // `::ffff:10.0.0.0/104` is `10.0.0.0/8`: mapped addresses are matched as IPv4.
      return plain === base ? [base, bits] : [plain, Math.max(0, bits - 96)];
    }
    const address = unmapped(ipaddr.parse(item));
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new Error(`"${item}" is neither an IP address nor a range (10.0.0.0/8, fd00::/8)`);
  }
}
