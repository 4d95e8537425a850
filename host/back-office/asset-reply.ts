import { acceptsBrotli, acceptsGzip } from '../http/content-coding.js';
import { reply, type HttpRequest, type Reply } from '../http/route.js';
import type { BundledAsset } from './asset-bundle.js';
import { backOfficeCsp } from './back-office-csp.js';

/** Files whose names carry a hash of their content (Vite's `assets/`): a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page that names them is checked again on every visit (a 304 when unchanged). */
const REVALIDATED = 'no-cache';

/**
 * The answer for one file of the back office: brotli, else gzip, else the bytes as they are,
 * chosen by `Accept-Encoding` (`Vary` says so to caches); 304 when the caller's copy is current.
 * Every answer carries the back office's own Content-Security-Policy.
 */
export function assetReply(request: HttpRequest, asset: BundledAsset, immutable: boolean): Reply {
  const accepted = request.headers['accept-encoding'];
  const [body, coding, suffix] =
    asset.br && acceptsBrotli(accepted)
      ? [asset.br, 'br', '-br']
      : asset.gzip && acceptsGzip(accepted)
        ? [asset.gzip, 'gzip', '-gz']
        : [asset.raw, undefined, ''];
  // Each coding is another representation, so it has its own validator (RFC 9110 §8.8.3).
  const etag = suffix ? `${asset.etag.slice(0, -1)}${suffix}"` : asset.etag;
  const headers: Record<string, string> = {
    'Cache-Control': immutable ? IMMUTABLE : REVALIDATED,
    ETag: etag,
    'Content-Security-Policy': backOfficeCsp(request.headers.host),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(asset.gzip || asset.br ? { Vary: 'Accept-Encoding' } : {}),
  };
  if (matches(request.headers['if-none-match'], etag)) return reply(Buffer.alloc(0), { status: 304, headers });
  headers['Content-Type'] = asset.contentType;
  if (coding) headers['Content-Encoding'] = coding;
  return reply(body, { headers });
}

function matches(header: string | undefined, etag: string): boolean {
  return (
    header !== undefined &&
    header
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag)
  );
}
