/**
 * Whether text is a CIDR range as the service accepts it for a key's Allow Network: an IPv4
 * dotted quad or an IPv6 address, `/`, and a prefix length within the address's bits. Checked as
 * the user types; the service checks again.
 */
export function isCidr(text: string): boolean {
  const parts = text.trim().split('/');
  if (parts.length !== 2) return false;
  const [address = '', bits = ''] = parts;
  if (!/^\d{1,3}$/.test(bits)) return false;
  const prefix = Number(bits);
  if (address.includes(':')) return prefix <= 128 && isIpv6(address);
  return prefix <= 32 && isIpv4(address);
}

function isIpv4(address: string): boolean {
  const octets = address.split('.');
  return octets.length === 4 && octets.every((o) => /^(0|[1-9]\d{0,2})$/.test(o) && Number(o) <= 255);
}

function isIpv6(address: string): boolean {
  // An IPv4 tail (`::ffff:10.0.0.1`) stands for the last two groups.
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail)) return false;
    address = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  return halves.length === 2 ? groups.length < 8 : groups.length === 8;
}
