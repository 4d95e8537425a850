/**
 * Whether an `Accept-Encoding` header takes gzip (RFC 9110 §12.5.3): listed, or covered by `*`,
 * with a quality above zero. `gzip;q=0` refuses it even when `*` would take it.
 */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsCoding(header, 'gzip', 'x-gzip');
}

/** The same for brotli (`br`). */
export function acceptsBrotli(header: string | undefined): boolean {
  return acceptsCoding(header, 'br');
}

function acceptsCoding(header: string | undefined, ...names: readonly string[]): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.split(';');
    const name = coding.trim().toLowerCase();
    if (!names.includes(name) && name !== '*') continue;
    const quality = parameters
      .map((p) => p.trim().toLowerCase())
      .find((p) => p.startsWith('q='))
      ?.slice(2);
    const accepted = quality === undefined || Number(quality) > 0;
    if (name === '*') wildcard = accepted;
    else return accepted;
  }
  return wildcard;
}
