import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PagingQuery, pagedReply } from '../http/paging.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { FieldBody, fieldInputOf } from '../route-helpers/field-body.js';
import { typeSort } from '../route-helpers/content-type-sort.js';
import { contentTypeAnswers } from '../route-helpers/content-type-answer.js';
import { ContentTypeSchema, FieldSchema, fieldView } from '../views/content-type-view.js';

const Text = (max = 255) => Type.String({ maxLength: max });
/** A member the original's clients may send as null to mean "not set". */
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Flag = Nullable(Type.Boolean());
const WorkflowEntry = Type.Union([
  Text(),
  Type.Object(
    { id: Nullable(Text()), variableName: Nullable(Text()) },
    { description: 'A scheme by id or variable name' },
  ),
]);
const Workflows = Nullable(Type.Array(WorkflowEntry, { maxItems: 50 }));

/** A field inside a type's body: on update, its id (else its variable) names the type's field it is. */
const TypeFieldBody = Type.Composite([FieldBody, Type.Object({ id: Nullable(Text()) })]);

const ContentTypeBody = Type.Object({
  id: Nullable(Text()),
  clazz: Nullable(Text()),
  baseType: Nullable(Text()),
  name: Nullable(Text()),
  description: Nullable(Text(4000)),
  variable: Nullable(Text()),
  host: Nullable(Text()),
  folder: Nullable(Text()),
  owner: Nullable(Text()),
  defaultType: Flag,
  fixed: Flag,
  system: Flag,
  versionable: Flag,
  multilingualable: Flag,
  icon: Nullable(Text()),
  sortOrder: Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  workflow: Workflows,
  workflows: Workflows,
  systemActionMappings: Nullable(
    Type.Record(Type.String({ maxLength: 32 }), Type.Union([Text(), Type.Null()]), {
      description: 'System actions (NEW, EDIT, PUBLISH, ...) mapped to action ids; null or empty removes a mapping',
    }),
  ),
  fields: Nullable(Type.Array(TypeFieldBody, { maxItems: 500 })),
});

/** A content type as sent, its fields' unset members left out. */
const typeInputOf = (body: Static<typeof ContentTypeBody>) => ({
  ...body,
  fields: body.fields?.map(({ id, ...field }) => ({ ...fieldInputOf(field), ...(id ? { id } : {}) })),
});

const OneOrMany = <T extends Parameters<typeof Type.Array>[0]>(schema: T) =>
  Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: 500 })]);
const asArray = <T>(body: T | T[]): T[] => (Array.isArray(body) ? body : [body]);

const ListQuery = Type.Composite([
  PagingQuery,
  Type.Object({ filter: Type.Optional(Text()), name: Type.Optional(Text()) }),
  typeSort.query,
]);

/** Content types (`/api/v1/contenttype`) and their fields (`/api/v2/contenttype/{variable}/fields`). */

export default defineRoutes(
  'content types',
  ['contentTypes', 'fields', 'readRules', 'systemActions', 'workflows'],
  ({ contentTypes: types, fields, readRules, systemActions, workflows }) => {
    const answers = contentTypeAnswers(types, workflows, systemActions);
    return [
      route({
        method: 'POST',
        path: '/api/v1/contenttype',
        access: 'admin',
        summary: 'Creates one content type, or several from an array; answers them in an array',
        response: { schema: Type.Array(ContentTypeSchema) },
        body: OneOrMany(ContentTypeBody),
        handler: async ({ body, principal }) => {
          const created = [];
          for (const input of asArray(body)) {
            const type = await types.create(typeInputOf(input), principal.user.userId, undefined, (tx, saved) =>
              systemActions.applyToContentType(tx, saved, input.systemActionMappings, true),
            );
            created.push(await answers.one(type, type.fields));
          }
          return created;
        },
      }),
      route({
        method: 'GET',
        path: '/api/v1/contenttype',
        access: 'user',
        summary:
          'Lists the content types the caller may read a page at a time, by name unless orderby and direction say otherwise; filter matches name or variable',
        response: { schema: Type.Array(ContentTypeSchema) },
        query: ListQuery,
        handler: async ({ query, principal }) => {
          const keep = await readRules.typeFilter(principal);
          const filter = query.filter ?? query.name;
          const sort = typeSort.read(query);
          return pagedReply(
            query,
            async (page) =>
              answers.page(await readRules.filteredPage(page, (batch) => types.list({ ...batch, filter, sort }), keep)),
            (view) => view,
          );
        },
      }),
      route({
        method: 'GET',
        path: '/api/v1/contenttype/id/:idOrVar',
        access: 'user',
        summary: 'One content type with its fields, by id or variable',
        response: { schema: ContentTypeSchema },
        answers: { 404: 'no such content type, or one the caller may not read' },
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.idOrVar);
          const t = await types.get(params.idOrVar);
          return answers.one(t, t.fields);
        },
      }),
      route({
        method: 'PUT',
        path: '/api/v1/contenttype/id/:idOrVar',
        access: 'user',
        summary:
          'Changes a content type, named by id or variable in the path, else by the id or variable of the body (administrators, or EDIT_PERMISSIONS on the type); systemActionMappings sent replace its own; fields sent are its fields (each by id, else variable; new ones created; those left out deleted, but for fixed and read-only ones)',
        response: { schema: ContentTypeSchema },
        answers: { 404: 'no such content type' },
        body: ContentTypeBody,
        handler: async ({ params, body, principal }) => {
          const t = await types.update(principal, params.idOrVar, typeInputOf(body), (tx, saved) =>
            systemActions.applyToContentType(tx, saved, body.systemActionMappings, false),
          );
          return answers.one(t, t.fields);
        },
      }),
      route({
        method: 'DELETE',
        path: '/api/v1/contenttype/id/:idOrVar',
        access: 'user',
        summary:
          'Deletes a content type with its fields; with deleteContent=true also every item of it (administrators, or EDIT_PERMISSIONS on the type)',
        response: { schema: Type.Literal('Content type deleted') },
        answers: { 404: 'no such content type', 409: 'the type still has content' },
        query: Type.Object({ deleteContent: Type.Optional(Type.Boolean()) }),
        handler: async ({ params, query, principal }) => {
          await types.delete(principal, params.idOrVar, { withContent: query.deleteContent === true });
          return 'Content type deleted' as const;
        },
      }),

      route({
        method: 'POST',
        path: '/api/v2/contenttype/:typeVar/fields',
        access: 'user',
        summary:
          'Adds one field, or several from an array (a Row and Column are added when the type has none); administrators, or EDIT_PERMISSIONS on the type',
        response: {
          schema: Type.Union([FieldSchema, Type.Array(FieldSchema)], {
            description: 'One field, or an array when several were sent',
          }),
        },
        answers: { 404: 'no such content type' },
        body: OneOrMany(FieldBody),
        handler: async ({ params, body, principal }) => {
          const created = await fields.create(params.typeVar, asArray(body).map(fieldInputOf), (tx) =>
            types.findEditable(principal, params.typeVar, tx),
          );
          return created.length === 1 ? fieldView(created[0]!) : created.map(fieldView);
        },
      }),
      route({
        method: 'GET',
        path: '/api/v2/contenttype/:typeVar/fields',
        access: 'user',
        summary: 'The fields of a content type',
        response: { schema: Type.Array(FieldSchema) },
        answers: { 404: 'no such content type' },
        handler: async ({ params, principal }) => {
          await readRules.requireTypeNamed(principal, params.typeVar);
          return (await types.get(params.typeVar)).fields.map(fieldView);
        },
      }),
      route({
        method: 'GET',
        path: '/api/v2/contenttype/:typeVar/fields/:fieldId',
        access: 'user',
        summary: 'One field',
        response: { schema: FieldSchema },
        answers: { 404: 'no such content type or field' },
        handler: async ({ params, principal }) =>
          fieldView(await fields.get(await readRules.requireTypeNamed(principal, params.typeVar), params.fieldId)),
      }),
      route({
        method: 'PUT',
        path: '/api/v2/contenttype/:typeVar/fields/:fieldId',
        access: 'user',
        summary: 'Changes a field (administrators, or EDIT_PERMISSIONS on the type)',
        response: { schema: FieldSchema },
        answers: { 404: 'no such content type or field' },
        body: FieldBody,
        handler: async ({ params, body, principal }) =>
          fieldView(
            await fields.update(
              await types.findEditable(principal, params.typeVar),
              params.fieldId,
              fieldInputOf(body),
            ),
          ),
      }),
      route({
        method: 'DELETE',
        path: '/api/v2/contenttype/:typeVar/fields/:fieldId',
        access: 'user',
        summary: 'Deletes a field (administrators, or EDIT_PERMISSIONS on the type)',
        response: { schema: FieldSchema },
        answers: { 404: 'no such content type or field' },
        handler: async ({ params, principal }) =>
          fieldView(await fields.delete(await types.findEditable(principal, params.typeVar), params.fieldId)),
      }),
    ];
  },
);
