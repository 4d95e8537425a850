import { Type } from '@sinclair/typebox';
import { RelatedContent } from '../../core/search/related-content.js';
import { route } from '../http/route.js';
import { ContentletMapSchema } from '../views/contentlet-map-schema.js';
import { ContentSearchAnswerSchema } from '../views/search-view.js';
import { defineRoutes } from './route-module.js';

const Name = Type.String({ maxLength: 255 });
/** `true`/`false` as a boolean or a string, as the original's form takes them; blank is not set. */
const Flag = Type.Union([Type.Boolean(), Type.String({ maxLength: 10 })]);

/** The original's v1 content search form. */
const ContentSearchBody = Type.Object({
  globalSearch: Type.Optional(Type.String({ maxLength: 1000, description: 'Text looked for in the titles' })),
  searchableFieldsByContentType: Type.Optional(
    Type.Record(Name, Type.Record(Name, Type.Unknown(), { maxProperties: 100 }), {
      maxProperties: 50,
      description:
        'Content type (id or variable) → field variable → what to look for in it (comma-separated tokens; a quoted value as a phrase; identifiers for a relationship field)',
    }),
  ),
  systemSearchableFields: Type.Optional(
    Type.Object({
      siteId: Type.Optional(Name),
      languageId: Type.Optional(Type.Integer({ minimum: -1, maximum: 999_999_999 })),
      workflowSchemeId: Type.Optional(Name),
      workflowStepId: Type.Optional(Name),
      variantName: Type.Optional(Name),
      systemHostContent: Type.Optional(
        Type.Boolean({ description: "With siteId: SYSTEM_HOST's content too (the default)" }),
      ),
    }),
  ),
  archivedContent: Type.Optional(Flag),
  unpublishedContent: Type.Optional(Flag),
  lockedContent: Type.Optional(Flag),
  orderBy: Type.Optional(
    Type.String({ maxLength: 1000, description: 'As `modDate desc,title`; modDate desc by default' }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'From 1 (0 is the first page too)' }),
  ),
  perPage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: '20 when absent or 0' })),
});

/** The original's pull-related form. */
const PullRelatedBody = Type.Object({
  identifier: Name,
  fieldVariable: Name,
  condition: Type.Optional(
    Type.String({ maxLength: 65_535, description: 'A Lucene query the related items match too' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: '0 or absent: all of them' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  orderBy: Type.Optional(Type.String({ maxLength: 1000 })),
});

/**
 * The v1 content searches: by the original's search form (`POST /api/v1/content/search`, back-end
 * users, working versions) and the items related through a relationship field
 * (`POST /api/v1/content/related`). Both keep to what the caller may read, inside the engine.
 */
export default defineRoutes(
  'content search',
  ['contentFormSearch', 'pullRelated', 'contentReader', 'fields'],
  ({ contentFormSearch, pullRelated, contentReader, fields }) => {
    const related = new RelatedContent(contentReader, fields.typeOf.bind(fields));
    return [
      route({
        method: 'POST',
        path: '/api/v1/content/search',
        access: 'user',
        summary:
          "Searches working versions by the original's search form: content types and their fields, system fields, state flags, a page",
        body: ContentSearchBody,
        answers: { 400: 'a member of the wrong type, or an orderBy that does not parse' },
        response: { schema: ContentSearchAnswerSchema },
        handler: async ({ principal, body }) => {
          const started = performance.now();
          const { response, items } = await contentFormSearch.search(principal, body);
          const queryTook = Math.round(performance.now() - started);
          const contentlets = await related.maps(principal, items, undefined, false);
          return {
            contentTook: Math.round(performance.now() - started) - queryTook,
            jsonObjectView: { contentlets },
            queryTook,
            resultsSize: response.hits.total.value,
          };
        },
      }),
      route({
        method: 'POST',
        path: '/api/v1/content/related',
        access: 'optional',
        summary:
          'The live items related to an item through one of its relationship fields, as the caller may read them',
        body: PullRelatedBody,
        answers: {
          400: 'the field is not a relationship field of the item, or the condition does not parse',
          404: 'no such item, or one the caller may not read',
        },
        response: { schema: Type.Array(ContentletMapSchema) },
        handler: async ({ principal, body }) =>
          related.maps(principal, await pullRelated.pull(principal, body), 0, true),
      }),
    ];
  },
);
