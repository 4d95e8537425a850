import { Type, type Static } from '@sinclair/typebox';
import type { SearchResponse } from '../../core/plugin/search-driver.js';
import { ContentletMapSchema } from './contentlet-map-schema.js';
import { EpochMillis } from './schema-parts.js';

// The search routes answer the search driver's response (Elasticsearch's format, core's
// `SearchResponse`) and content maps; these are their shapes, for the OpenAPI document.

/** One hit: `_source` is the indexed document, with the content type's fields. */
const SearchHitSchema = Type.Object({
  _index: Type.String(),
  _id: Type.String(),
  _score: Type.Union([Type.Number(), Type.Null()], { description: 'Null when the request sorts by a field' }),
  _source: Type.Object({}, { additionalProperties: true, description: 'The indexed document' }),
  sort: Type.Optional(
    Type.Array(Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]), {
      description: 'The sort values of the hit, when the request sorts',
    }),
  ),
});

/** A `terms` or `date_histogram` result: buckets with their key, count and sub-aggregations by name. */
const AggregationResultSchema = Type.Object(
  {
    buckets: Type.Array(
      Type.Object(
        { key: Type.Union([Type.String(), Type.Number(), Type.Boolean()]), doc_count: Type.Integer({ minimum: 0 }) },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);

/** A term suggester's answer for one word of its text. */
const SuggestionSchema = Type.Object({
  text: Type.String(),
  offset: Type.Integer({ minimum: 0 }),
  length: Type.Integer({ minimum: 0 }),
  options: Type.Array(Type.Object({ text: Type.String(), score: Type.Number(), freq: Type.Integer({ minimum: 0 }) })),
});

/** An Elasticsearch-format response (`SearchResponse`). */
export const SearchResponseSchema = Type.Object({
  took: Type.Integer({ minimum: 0 }),
  timed_out: Type.Boolean(),
  hits: Type.Object({
    total: Type.Object({
      value: Type.Integer({ minimum: 0 }),
      relation: Type.Union([Type.Literal('eq'), Type.Literal('gte')]),
    }),
    max_score: Type.Union([Type.Number(), Type.Null()]),
    hits: Type.Array(SearchHitSchema),
  }),
  aggregations: Type.Optional(Type.Record(Type.String(), AggregationResultSchema, { description: 'By name' })),
  suggest: Type.Optional(Type.Record(Type.String(), Type.Array(SuggestionSchema), { description: 'By name' })),
});

type AnsweredSearchResponse = Static<typeof SearchResponseSchema>;

/**
 * The engine's response as answered. Core leaves what each engine writes as JSON of its own
 * (aggregation results, suggestions, sort values) untyped; these members are taken to be of the
 * shapes the engines answer, which the REST tests check on real answers. Everything else is checked here.
 */
export function searchResponseView(response: SearchResponse): AnsweredSearchResponse {
  return response as SearchResponse & Pick<AnsweredSearchResponse, 'aggregations' | 'suggest' | 'hits'>;
}

/** `POST /api/es/search`: the content maps of the hits, related content drawn to `depth`, and the engine's response. */
export const EngineSearchAnswerSchema = Type.Object({
  contentlets: Type.Array(ContentletMapSchema),
  esresponse: Type.Array(SearchResponseSchema, { minItems: 1, maxItems: 1 }),
});

/** `POST /api/content/_search`'s entity, as the content search API of the JavaScript client reads it. */
export const ContentSearchAnswerSchema = Type.Object({
  contentTook: Type.Integer({ minimum: 0, description: 'Milliseconds spent reading the content of the hits' }),
  jsonObjectView: Type.Object({ contentlets: Type.Array(ContentletMapSchema) }),
  queryTook: Type.Integer({ minimum: 0, description: 'Milliseconds the search took' }),
  resultsSize: Type.Integer({ minimum: 0, description: 'How many items match, all pages together' }),
});

/** A reindex's progress (`ReindexProgress`). */
export const ReindexProgressSchema = Type.Object({
  state: Type.Union([Type.Literal('idle'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
  total: Type.Integer({ minimum: 0, description: 'Item-languages to index' }),
  done: Type.Integer({ minimum: 0 }),
  startedAt: Type.Union([EpochMillis, Type.Null()]),
  finishedAt: Type.Union([EpochMillis, Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last reindex failed' }),
});
