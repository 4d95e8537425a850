import { Type } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import type { ReadContent } from '../../core/content/content-reader.js';
import { parseLuceneQuery } from '../../core/search/lucene-query.js';
import { RelatedContent } from '../../core/search/related-content.js';
import { parseSortSpec } from '../../core/search/sort-spec.js';
import { contentletsXml } from '../legacy-content/contentlets-xml.js';
import { parseLegacyReadPath, type LegacyReadPath } from '../legacy-content/legacy-read-path.js';
import { reply, route } from '../http/route.js';
import { LegacyContentletsSchema } from '../views/contentlet-map-schema.js';
import { defineRoutes } from './route-module.js';

const BASE = '/api/content';

/** The read's options may also come in the query string; the path's win. */
const ReadQuery = Type.Object({
  live: Type.Optional(Type.Boolean()),
  language: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
  languageId: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
});

type Read = LegacyReadPath & { live: boolean };

/**
 * The legacy read with its options as path segments, in any order:
 * `GET /api/content/render/false/query/+contentType:Blog/limit/5/offset/0/orderby/title/depth/1/type/json`,
 * or `/id/{identifier}` or `/inode/{inode}` among them. Answers `{"contentlets": [...]}` (or its XML
 * with `type/xml`), outside the envelope as the original's legacy interface answers. Queries keep to
 * what the caller may read, inside the engine; `live/false` reads working versions, for back-end users.
 */
export default defineRoutes(
  'legacy content read',
  ['contentReader', 'contentSearch', 'pullRelated', 'fields'],
  ({ contentReader, contentSearch, pullRelated, fields }) => {
    const related = new RelatedContent(contentReader, fields.typeOf.bind(fields));
    const find = async (principal: Principal | null, path: Read): Promise<ReadContent[]> => {
      const options = { live: path.live, languageId: path.languageId, defaultLive: true };
      if (path.id) return [await contentReader.byIdentifier(principal, path.id, options)];
      if (path.inode) return [await contentReader.byInode(principal, path.inode)];
      if (path.related) {
        // Several relationships: the items related through each of them, as the original intersects them.
        let found: ReadContent[] | undefined;
        for (const spec of path.related.split(',')) {
          const options = { condition: path.query, limit: path.limit, orderBy: path.orderBy, live: path.live };
          const these = await pullRelated.pullByName(principal, spec, options);
          const ids = new Set(these.map((item) => item.contentlet.version.inode));
          found = found ? found.filter((item) => ids.has(item.contentlet.version.inode)) : these;
        }
        return found ?? [];
      }
      if (!path.query) return [];
      const sort = parseSortSpec(path.orderBy);
      const { items } = await contentSearch.search(
        principal,
        {
          query: parseLuceneQuery(path.query),
          from: path.offset,
          size: path.limit,
          ...(sort.length > 0 ? { sort } : {}),
        },
        // The query picks live or working versions when it names them, as the original's queries do.
        { live: path.live, slot: 'unless-named' },
      );
      return items;
    };
    /** The hits of a Lucene query the caller may read (live versions unless the query names working). */
    const hits = (
      principal: Principal | null,
      lucene: string,
      window: { sort?: string; from: number; size: number },
    ) => {
      const sort = window.sort ? parseSortSpec(window.sort) : [];
      return contentSearch.search(
        principal,
        { query: parseLuceneQuery(lucene), from: window.from, size: window.size, ...(sort.length ? { sort } : {}) },
        { slot: 'unless-named' },
      );
    };
    return [
      route({
        method: 'GET',
        path: `${BASE}/indexsearch/:query/sortby/:sortby/limit/:limit/offset/:offset`,
        access: 'optional',
        summary: 'The inode and identifier of each hit of a Lucene query (legacy answer: a bare array)',
        params: Type.Object({
          query: Type.String({ maxLength: 10_000 }),
          sortby: Type.String({ maxLength: 1000 }),
          limit: Type.Integer({ minimum: 0, maximum: 10_000 }),
          offset: Type.Integer({ minimum: 0, maximum: 10_000 }),
        }),
        answers: { 400: 'a query or sort that does not parse' },
        response: { schema: Type.Array(Type.Object({ inode: Type.String(), identifier: Type.String() })) },
        handler: async ({ params, principal }) => {
          const { items } = await hits(principal, params.query, {
            sort: params.sortby,
            from: params.offset,
            size: params.limit,
          });
          return items.map(({ contentlet }) => ({
            inode: contentlet.version.inode,
            identifier: contentlet.identifier.identifier,
          }));
        },
      }),
      route({
        method: 'GET',
        path: `${BASE}/indexcount/:query`,
        access: 'optional',
        summary: 'How many items a Lucene query matches among those the caller may read (legacy answer: plain text)',
        params: Type.Object({ query: Type.String({ maxLength: 10_000 }) }),
        answers: { 400: 'a query that does not parse' },
        response: { mediaType: 'text/plain', schema: Type.String({ pattern: '^[0-9]+$' }) },
        handler: async ({ params, principal }) => {
          const { response } = await hits(principal, params.query, { from: 0, size: 0 });
          return reply(String(response.hits.total.value), { headers: { 'Content-Type': 'text/plain' } });
        },
      }),
      route({
        method: 'GET',
        path: `${BASE}/*params`,
        access: 'optional',
        summary:
          'Reads content with options as path segments: id, inode or query, limit, offset, orderby, depth, live, language, type (legacy answer)',
        query: ReadQuery,
        answers: {
          400: 'a depth other than 0 to 3, or a query or orderby that does not parse',
          404: 'no such item (by id or inode), or one the caller may not read',
        },
        response: { schema: LegacyContentletsSchema, alternatives: { 'application/xml': Type.String() } },
        handler: async ({ request, query, principal }) => {
          const parsed = parseLegacyReadPath(request.path.slice(BASE.length));
          const path: Read = {
            ...parsed,
            live: parsed.live ?? query.live ?? true,
            languageId: parsed.languageId ?? query.language ?? query.languageId,
          };
          const items = await find(principal, path);
          const contentlets = await related.maps(principal, items, path.depth, path.live);
          if (path.type === 'xml') {
            return reply(contentletsXml(contentlets), { headers: { 'Content-Type': 'application/xml' } });
          }
          return { contentlets };
        },
      }),
    ];
  },
);
