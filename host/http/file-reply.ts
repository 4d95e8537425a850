import type { DeliveredFile } from '../../core/content/file-delivery.js';
import type { HttpRequest, Reply } from './route.js';
import { reply } from './route.js';
import { streamedBody } from './streamed-body.js';

/**
 * A served file may be HTML or SVG that someone uploaded: opened directly from the service's own
 * origin, its scripts would run with the service's cookies. The sandbox takes that origin away; it
 * changes nothing for a script, style or image that a page of the site includes. Only types a
 * browser runs scripts in get it: browsers refuse to show a sandboxed PDF.
 */
const SANDBOXED_CSP = "sandbox; frame-ancestors 'none'";
const SCRIPTABLE = new Set(['text/html', 'image/svg+xml', 'application/xhtml+xml', 'application/xml', 'text/xml']);

/**
 * What a browser runs: the documents above and scripts themselves. An uploaded file of these types
 * served by its short URL is a download with a policy that lets it do nothing, even opened
 * directly; a page that includes the script is not stopped by this (the back office's own policy
 * names only its own folder for that).
 */
const ACTIVE = new Set([...SCRIPTABLE, 'text/javascript', 'application/javascript', 'application/ecmascript']);
const INERT_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** How a served file is offered: as the site's own (`inline`), or as an upload (`upload`: active types are downloads). */
export type FileUse = 'inline' | 'upload';

/** `naïve "a".pdf` → `na_ve _a_.pdf`: a quoted-string that no client misreads. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** RFC 8187 form of the name, for clients that read non-ASCII names. */
function encodedName(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Whether the caller's copy (named by `If-None-Match`, else dated by `If-Modified-Since`) is current. */
function notModified(request: HttpRequest, etag: string, modifiedSeconds: number): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && modifiedSeconds * 1000 <= since;
}

/**
 * The answer for a served file: its bytes with their type, length, validators and an inline
 * disposition (an attachment for an upload of an active type); 304 without the bytes when the caller's copy is current. HEAD gets the same headers
 * (the adapter leaves the body out). The bytes are streamed from the asset store, never held whole.
 */
export function fileReply(
  request: HttpRequest,
  file: DeliveredFile,
  anonymous: boolean,
  use: FileUse = 'inline',
): Reply {
  const etag = `"${file.inode}"`;
  const modifiedSeconds = Math.floor(file.modDate / 1000);
  const validators: Record<string, string> = {
    ETag: etag,
    'Last-Modified': new Date(modifiedSeconds * 1000).toUTCString(),
    // Revalidated each time: a permission or a publication may change what may be served.
    ...(anonymous ? { 'Cache-Control': 'no-cache' } : {}),
  };
  if (notModified(request, etag, modifiedSeconds)) return reply(Buffer.alloc(0), { status: 304, headers: validators });
  const inert = use === 'upload' && ACTIVE.has(file.mimeType);
  const policy = inert ? INERT_CSP : SCRIPTABLE.has(file.mimeType) ? SANDBOXED_CSP : undefined;
  return reply(
    streamedBody(file.size, () => file.open()),
    {
      headers: {
        ...validators,
        'Content-Type': file.mimeType,
        'Content-Length': String(file.size),
        'Content-Disposition': `${inert ? 'attachment' : 'inline'}; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodedName(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        ...(policy ? { 'Content-Security-Policy': policy } : {}),
      },
    },
  );
}
