import ipaddr from 'ipaddr.js';
import { CmsError, Errors } from '../errors/index.js';

/** A parsed CIDR range (IPv4 or IPv6) that answers whether an address lies inside it. */
export class NetworkRange {
  private constructor(
    private readonly range: [ipaddr.IPv4 | ipaddr.IPv6, number],
    /** The canonical text form, as stored. */
    readonly cidr: string,
  ) {}

  /** Throws `TOKEN_NETWORK_INVALID` (400) when `text` is not a CIDR range. */
  static parse(text: string): NetworkRange {
    const trimmed = text.trim();
    const refused = () =>
      new CmsError(Errors.TOKEN_NETWORK_INVALID, { network: text.slice(0, 100) }, { fieldName: 'network' });
    const [address = '', bits, ...rest] = trimmed.split('/');
    // NOTE: ipaddr.js also takes inet_aton's short forms (`10.0.0/8`); only dotted quads are CIDR here.
    if (rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) throw refused();
    if (!address.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(address)) throw refused();
    let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
    try {
      range = ipaddr.parseCIDR(trimmed);
    } catch {
      throw refused();
    }
    return new NetworkRange(range, `${range[0].toString()}/${range[1]}`);
  }

  /** An unparsable address is outside every range. IPv4-mapped IPv6 addresses count as IPv4. */
  contains(address: string): boolean {
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      parsed = ipaddr.process(address);
    } catch {
      return false;
    }
    const [network] = this.range;
    if (parsed.kind() !== network.kind()) return false;
    return parsed.match(this.range);
  }
}
