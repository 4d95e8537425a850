import { CmsError, Errors } from '../../core/errors/index.js';

/** What one request, and all of them together, may hold of the service (`http.max.*`). */
export interface HttpLimits {
  /** Largest body of one request read into memory. */
  maxBodyBytes: number;
  /** Largest body of one request to a route that streams it to disk (`accepts: 'stream'`). */
  maxUploadBytes: number;
  /** Bodies in memory at once, all requests together. */
  maxInflightBodyBytes: number;
  /** Requests in progress at once. */
  maxConnections: number;
  /** Longest path and query. */
  maxUrlBytes: number;
  /** Largest total of header names and values. */
  maxHeaderBytes: number;
}

/** A request's head as the adapter copied it: enough to judge its framing before any body is read. */
export interface RequestHead {
  /** Bytes of the path and query together. */
  urlBytes: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Readonly<Record<string, string>>;
  /** Bytes of all header names and values. */
  headerBytes: number;
}

/** How the body of a request is framed, once its head passed `checkHead`. */
export type BodyFraming = { kind: 'none' } | { kind: 'length'; bytes: number } | { kind: 'chunked' };

const DIGITS = /^\d{1,16}$/;

/**
 * Judges a request's framing from its head alone: what is refused here never reaches a route, and
 * no body byte is read. `streamed`: the route streams its body to disk, so the upload limit applies. Throws the catalogue error to answer (the adapter closes the connection
 * after it); answers how the body is framed otherwise.
 *
 * NOTE: uWebSockets.js itself closes the connection, without an answer and before any route runs,
 * for a `Content-Length` that is not a number, one sent together with `Transfer-Encoding`, and a
 * malformed chunk size; what is checked here is what it lets through but must not be read two ways:
 * repeated `Content-Length` values (it reads the first, a proxy may read the last) and transfer
 * codings other than `chunked` (it would wait for a body it cannot frame).
 */
export function checkHead(head: RequestHead, limits: HttpLimits, streamed = false): BodyFraming {
  if (head.urlBytes > limits.maxUrlBytes) throw new CmsError(Errors.HTTP_URI_TOO_LONG, { limit: limits.maxUrlBytes });
  if (head.headerBytes > limits.maxHeaderBytes) {
    throw new CmsError(Errors.HTTP_HEADERS_TOO_LARGE, { limit: limits.maxHeaderBytes });
  }
  const transferEncoding = head.headers['transfer-encoding'];
  const contentLength = head.headers['content-length'];
  if (transferEncoding !== undefined) {
    const codings = transferEncoding.split(',').map((c) => c.trim().toLowerCase());
    if (codings.some((c) => c !== 'chunked')) {
      throw new CmsError(Errors.HTTP_FRAMING_INVALID, { problem: 'only the chunked transfer coding is read' });
    }
    return { kind: 'chunked' };
  }
  if (contentLength === undefined) return { kind: 'none' };
  const values = new Set(contentLength.split(',').map((v) => v.trim()));
  if (values.size > 1) {
    throw new CmsError(Errors.HTTP_FRAMING_INVALID, { problem: 'Content-Length is given more than once, differently' });
  }
  const [value = ''] = values;
  if (!DIGITS.test(value))
    throw new CmsError(Errors.HTTP_FRAMING_INVALID, { problem: 'Content-Length is not a number' });
  const bytes = Number(value);
  if (bytes > (streamed ? limits.maxUploadBytes : limits.maxBodyBytes)) throw new CmsError(Errors.HTTP_BODY_TOO_LARGE);
  return bytes === 0 ? { kind: 'none' } : { kind: 'length', bytes };
}
