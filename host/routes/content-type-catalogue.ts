import { Type, type TSchema } from '@sinclair/typebox';
import { BASE_TYPE_LABELS } from '../../core/content/content-type-copy.js';
import { BASE_CONTENT_TYPES } from '../../core/model/content-type.js';
import { pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { typeSort } from '../route-helpers/content-type-sort.js';
import { ContentTypeSchema } from '../views/content-type-view.js';
import { contentTypeAnswers } from '../route-helpers/content-type-answer.js';

const Text = (max = 255) => Type.String({ maxLength: max });
/** A member the original's clients may send as null to mean "not set". */
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Count = Type.Integer({ minimum: 0, maximum: 999_999_999 });

/** The original's filter form; any member may be null, which its clients send for "not set". */
const FilterBody = Type.Composite([
  Type.Object({
    filter: Type.Union([
      Type.Object({
        types: Nullable(Text(4000)),
        /** What older versions of the original call `types`. */
        data: Nullable(Text(4000)),
        query: Nullable(Text()),
        site: Nullable(Text()),
        sites: Nullable(Text(26_000)),
        baseType: Nullable(Type.Union([Text(32), Type.Array(Text(32), { maxItems: 10 })])),
      }),
      Type.Null(),
    ]),
    page: Nullable(Count),
    perPage: Nullable(Count),
  }),
  typeSort.nullableBody,
]);

/**
 * What clients of the original read to build their editors besides the types themselves: the base
 * types, the field types, the filtered listing, the render form of one type, and copies (`/api/v1/contenttype/...`, `/api/v1/fieldTypes`).
 */
export default defineRoutes(
  'content type catalogue',
  ['contentTypeCopier', 'contentTypes', 'fieldTypes', 'readRules', 'systemActions', 'workflows'],
  ({ contentTypeCopier, contentTypes, fieldTypes, readRules, systemActions, workflows }) => {
    const answers = contentTypeAnswers(contentTypes, workflows, systemActions);
    return [
      route({
        method: 'GET',
        path: '/api/v1/contenttype/basetypes',
        access: 'user',
        summary: 'The base types, with their labels',
        response: {
          schema: Type.Array(Type.Object({ name: Type.String(), label: Type.String(), types: Type.Null() })),
        },
        handler: () => BASE_CONTENT_TYPES.map((name) => ({ name, label: BASE_TYPE_LABELS[name], types: null })),
      }),
      route({
        method: 'GET',
        path: '/api/v1/fieldTypes',
        access: 'user',
        summary: 'The field types loaded (built-in and from plugins), by label',
        response: {
          schema: Type.Array(
            Type.Object({
              id: Type.String(),
              label: Type.String(),
              clazz: Type.String(),
              dataType: Type.String(),
              dataTypes: Type.Array(Type.String()),
            }),
          ),
        },
        handler: () => fieldTypes.list(),
      }),
      route({
        method: 'POST',
        path: '/api/v1/contenttype/_filter',
        access: 'user',
        summary:
          "Lists the content types the caller may read a page at a time: filter.types (variables, comma-separated; `data` in older clients), filter.query (name or variable), filter.site (its types and the system's), filter.sites (site ids or names, comma-separated, at most 100), filter.baseType; orderBy and direction as the list takes them",
        response: { schema: Type.Array(ContentTypeSchema) },
        body: FilterBody,
        handler: async ({ body, principal }) => {
          const keep = await readRules.typeFilter(principal);
          const filter = body.filter ?? {};
          const baseTypes =
            filter.baseType == null ? undefined : Array.isArray(filter.baseType) ? filter.baseType : [filter.baseType];
          return pagedReply(
            // The original's form reads 0 as "not sent".
            { page: body.page || undefined, per_page: body.perPage || undefined },
            async (page) =>
              answers.page(
                await readRules.filteredPage(
                  page,
                  (batch) =>
                    contentTypeCopier.filter(
                      {
                        types: filter.types ?? filter.data ?? undefined,
                        query: filter.query ?? undefined,
                        site: filter.site ?? undefined,
                        sites: filter.sites ?? undefined,
                        baseTypes,
                      },
                      { ...batch, sort: typeSort.read(body) },
                    ),
                  keep,
                ),
              ),
            (view) => view,
          );
        },
      }),
      route({
        method: 'GET',
        path: '/api/v1/contenttype/render/id/:idOrVar',
        access: 'user',
        summary:
          "One content type with its fields, as its editor renders them: the original renders templates in field values here; ours hold none, so it is the type's own answer",
        response: { schema: ContentTypeSchema },
        answers: { 404: 'no such content type' },
        query: Type.Object({ languageId: Type.Optional(Type.Integer({ minimum: -1, maximum: 2_147_483_647 })) }),
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.idOrVar);
          const t = await contentTypes.get(params.idOrVar);
          return answers.one(t, t.fields);
        },
      }),
      route({
        method: 'POST',
        path: '/api/v1/contenttype/:variable/_copy',
        access: 'admin',
        summary:
          'A copy of a content type with its fields and workflows, under a new name (and variable, site, folder, icon)',
        response: { schema: ContentTypeSchema },
        answers: { 404: 'no such content type', 409: 'the variable is taken' },
        body: Type.Object({
          name: Text(),
          variable: Nullable(Text()),
          host: Nullable(Text()),
          folder: Nullable(Text()),
          icon: Nullable(Text()),
        }),
        handler: async ({ params, body, principal }) => {
          const copy = await contentTypeCopier.copy(principal, params.variable, body);
          return answers.one(copy, copy.fields);
        },
      }),
    ];
  },
);
