import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { acceptsGzip } from '../http/content-coding.js';
import type { RegisteredRoute } from '../http/pipeline.js';
import { reply, route, type AnyRoute, type HttpRequest, type Reply } from '../http/route.js';
import { DocsAssets, INDEX_FILE, type DocsAsset } from '../openapi/docs-assets.js';
import { DOCS_BASE, DOCS_CSP, DOCUMENT_PATH } from '../openapi/docs-page.js';
import { openApiDocument, type DocumentOptions } from '../openapi/openapi-document.js';
import { PublishedDocument } from '../openapi/published-document.js';
import { fileAnswer } from '../views/file-answer.js';

const DAY_SECONDS = 86_400;

/** Whether the caller's copy, named by `If-None-Match`, is current. */
function fresh(request: HttpRequest, etag: string): boolean {
  const match = request.headers['if-none-match'];
  return match !== undefined && match.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));
}

/** Bytes with their validators; gzipped when the caller takes it; 304 when its copy is current. */
function bytesReply(
  request: HttpRequest,
  bytes: { bytes: Buffer; gzip: Buffer | undefined; etag: string },
  headers: Record<string, string>,
): Reply {
  const validators = { ...headers, ETag: bytes.etag, Vary: 'Accept-Encoding' };
  if (fresh(request, bytes.etag)) return reply(Buffer.alloc(0), { status: 304, headers: validators });
  const gzip = bytes.gzip !== undefined && acceptsGzip(request.headers['accept-encoding']);
  return reply(gzip ? bytes.gzip! : bytes.bytes, {
    headers: { ...validators, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) },
  });
}

/**
 * `GET /api/openapi.json` and the page that shows it, `/api/docs`. Not a route module of the list:
 * the document describes every registered route, its own included, so it is added after all the
 * others and `publish` is given the routes once they are all registered, at start. The document is
 * made when first asked for: making, serialising and compressing it was two fifths of a start.
 */
export class ApiDocs {
  private make: (() => PublishedDocument) | undefined;
  private published: PublishedDocument | undefined;
  private readonly assets = new DocsAssets();

  /** `http.openapi.public`: anonymous callers may read both; otherwise a signed-in user. */
  constructor(private readonly anonymous: boolean) {}

  /** `routes` is complete and no longer changes: the routes of a started service are fixed. */
  publish(routes: readonly RegisteredRoute[], options: DocumentOptions): void {
    this.make = () => new PublishedDocument(openApiDocument(routes, options));
  }

  /** The document as published (for tools and tests). */
  document(): Record<string, unknown> {
    return this.current().document;
  }

  private current(): PublishedDocument {
    // NOTE: cannot happen once the app has started: publish runs before anything listens.
    if (!this.make) throw new Error('The OpenAPI document is made after every route is registered');
    return (this.published ??= this.make());
  }

  routes(): AnyRoute[] {
    const access = this.anonymous ? 'public' : 'user';
    // Revalidated every time: a restart may change the document. Not kept by shared caches when a user was needed.
    const revalidate = this.anonymous ? 'no-cache' : 'private, no-cache';
    const assetCache = (asset: DocsAsset) =>
      asset.immutableForADay ? `${this.anonymous ? 'public' : 'private'}, max-age=${DAY_SECONDS}` : revalidate;
    const serve = async (request: HttpRequest, name: string) => {
      const asset = this.assets.get(name);
      if (!asset) throw new CmsError(Errors.HTTP_ROUTE_NOT_FOUND);
      const loaded = await asset;
      return bytesReply(request, loaded, {
        'Content-Type': loaded.type,
        'Cache-Control': assetCache(loaded),
        'Content-Security-Policy': DOCS_CSP,
      });
    };
    return [
      route({
        method: 'GET',
        path: DOCUMENT_PATH,
        access,
        summary: 'This OpenAPI 3.1 document, generated at start from the route declarations',
        answers: { 304: 'the copy named by If-None-Match is current' },
        response: { schema: Type.Object({ openapi: Type.Literal('3.1.0') }), envelope: false },
        handler: ({ request }) =>
          bytesReply(request, this.current(), {
            'Content-Type': 'application/json; charset=utf-8',
            'Cache-Control': revalidate,
          }),
      }),
      route({
        method: 'GET',
        path: DOCS_BASE,
        access,
        summary: 'A browsable page of the OpenAPI document (Swagger UI)',
        answers: { 304: 'the copy named by If-None-Match is current' },
        response: { mediaType: 'text/html', schema: Type.String() },
        handler: ({ request }) => serve(request, INDEX_FILE),
      }),
      route({
        method: 'GET',
        path: `${DOCS_BASE}/:file`,
        access,
        summary: "A file of the docs page: its script and the Swagger UI bundle's script, style sheet and icons",
        params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 64 }) }),
        answers: { 304: 'the copy named by If-None-Match is current', 404: 'not a file of the page' },
        response: fileAnswer("The file's bytes: a script, a style sheet or an icon"),
        handler: ({ request, params }) => serve(request, params.file),
      }),
    ];
  }
}
