import { Type } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { SearchRequest } from '../../core/plugin/search-driver.js';
import { parseLuceneQuery } from '../../core/search/lucene-query.js';
import { isRelatedDepth, RelatedContent, type RelatedDepth } from '../../core/search/related-content.js';
import { parseSortSpec } from '../../core/search/sort-spec.js';
import { INVALID_AS } from '../http/request-reader.js';
import { reply, route, type Reply } from '../http/route.js';
import {
  ContentSearchAnswerSchema,
  EngineSearchAnswerSchema,
  SearchResponseSchema,
  searchResponseView,
} from '../views/search-view.js';
import { defineRoutes } from './route-module.js';

const depthInvalid = () => new CmsError(Errors.SEARCH_DEPTH_INVALID, undefined, { fieldName: 'depth' });

/** An Elasticsearch request body: the search driver checks its members. */
const EngineRequest = Type.Record(Type.String({ maxLength: 200 }), Type.Unknown(), { maxProperties: 50 });

const EngineQuery = Type.Object({
  live: Type.Optional(
    Type.Boolean({ [INVALID_AS]: () => new CmsError(Errors.CONTENT_LIVE_INVALID, undefined, { fieldName: 'live' }) }),
  ),
  depth: Type.Optional(Type.String({ maxLength: 20 })),
  pretty: Type.Optional(Type.String({ maxLength: 20 })),
});
type EngineQuery = { live?: boolean; depth?: string; pretty?: string };

/** The content search API's body, as @dotcms/client's `content.getCollection` sends it. */
const ContentSearchBody = Type.Object({
  query: Type.String({ maxLength: 65_535 }),
  sort: Type.Optional(Type.String({ maxLength: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  depth: Type.Optional(Type.Integer({ [INVALID_AS]: depthInvalid })),
  render: Type.Optional(Type.Boolean()),
  userId: Type.Optional(Type.String({ maxLength: 255 })),
  allCategoriesInfo: Type.Optional(Type.Boolean()),
});

/** `depth` from a query string: absent, or 0 to 3. */
function depthOf(value: string | number | undefined): RelatedDepth | undefined {
  if (value === undefined || value === '') return undefined;
  const depth = typeof value === 'number' ? value : /^\d$/.test(value.trim()) ? Number(value) : NaN;
  if (!isRelatedDepth(depth)) throw depthInvalid();
  return depth;
}

/** `pretty` is a flag: present (with no value, or any but `false`) formats the answer for reading. */
const isPretty = (query: EngineQuery) => query.pretty !== undefined && query.pretty.toLowerCase() !== 'false';

function answer<T>(body: T, pretty: boolean): T | Reply {
  if (!pretty) return body;
  return reply(`${JSON.stringify(body, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Search: `POST /api/es/search` (the contentlets of the hits and the engine's response),
 * `POST /api/es/raw` (the engine's response itself), and the content search API
 * `POST /api/content/_search` (Lucene query, sort, limit and offset, in the envelope). Every search
 * keeps to what the caller may read, inside the engine (see `ContentSearch`).
 */
export default defineRoutes(
  'search',
  ['contentSearch', 'contentReader', 'fields'],
  ({ contentSearch, contentReader, fields }) => {
    const related = new RelatedContent(contentReader, fields.typeOf.bind(fields));
    const engineSearch = async (principal: Principal | null, body: SearchRequest, query: EngineQuery) => {
      const depth = depthOf(query.depth);
      const result = await contentSearch.search(principal, body, { live: query.live });
      return { ...result, depth };
    };
    return [
      route({
        method: 'POST',
        path: '/api/es/search',
        access: 'optional',
        summary: 'Searches content with an Elasticsearch request: the contentlets of the hits and the engine response',
        response: { schema: EngineSearchAnswerSchema },
        query: EngineQuery,
        body: EngineRequest,
        handler: async ({ principal, body, query }) => {
          const { response, items, depth, live } = await engineSearch(principal, body, query);
          const contentlets = await related.maps(principal, items, depth, live);
          return answer({ contentlets, esresponse: [searchResponseView(response)] }, isPretty(query));
        },
      }),
      route({
        method: 'POST',
        path: '/api/es/raw',
        access: 'optional',
        summary: "Searches content with an Elasticsearch request: the engine's response as it is",
        response: { schema: SearchResponseSchema },
        query: EngineQuery,
        body: EngineRequest,
        handler: async ({ principal, body, query }) => {
          const { response } = await engineSearch(principal, body, query);
          return answer(searchResponseView(response), isPretty(query));
        },
      }),
      route({
        method: 'POST',
        path: '/api/content/_search',
        access: 'optional',
        summary: 'Searches content with a Lucene query (the content search API of the JavaScript client)',
        // In the envelope, as the original's content search answers, though outside /api/v1.
        response: { schema: ContentSearchAnswerSchema, envelope: true },
        body: ContentSearchBody,
        handler: async ({ principal, body }) => {
          const depth = depthOf(body.depth);
          const started = performance.now();
          const sort = body.sort ? parseSortSpec(body.sort) : [];
          const { response, items } = await contentSearch.search(
            principal,
            {
              // NOTE: archived items stay out, as the original's content search leaves them out.
              query: { bool: { must: [parseLuceneQuery(body.query)], must_not: [{ term: { deleted: true } }] } },
              from: body.offset ?? 0,
              size: body.limit ?? 10,
              ...(sort.length > 0 ? { sort } : {}),
            },
            { slot: 'unless-named' },
          );
          const queryTook = Math.round(performance.now() - started);
          const contentlets = await related.maps(principal, items, depth, true);
          return {
            contentTook: Math.round(performance.now() - started) - queryTook,
            jsonObjectView: { contentlets },
            queryTook,
            resultsSize: response.hits.total.value,
          };
        },
      }),
    ];
  },
);
