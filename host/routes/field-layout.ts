import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { LayoutRow } from '../../core/content/field-layout.js';
import type { Field } from '../../core/model/field.js';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { FieldBody, fieldInputOf } from '../route-helpers/field-body.js';
import { FieldSchema, fieldView } from '../views/content-type-view.js';

const Entry = Type.Composite([FieldBody, Type.Object({ id: Type.Optional(Type.String({ maxLength: 255 })) })]);
const rowsOf = <T extends TSchema>(field: T) =>
  Type.Array(
    Type.Object({
      divider: Type.Union([field, Type.Null()]),
      columns: Type.Optional(
        Type.Array(
          Type.Object({
            columnDivider: Type.Union([field, Type.Null()]),
            fields: Type.Array(field, { maxItems: 500 }),
          }),
          { maxItems: 100 },
        ),
      ),
    }),
    { maxItems: 500 },
  );
const LayoutSchema = rowsOf(FieldSchema);

type EntryBody = Static<typeof Entry>;
/** A row of a layout as sent, its entries' unset members left out. */
const rowInputOf = (row: {
  divider: EntryBody | null;
  columns?: Array<{ columnDivider: EntryBody | null; fields: EntryBody[] }>;
}) => ({
  divider: row.divider && fieldInputOf(row.divider),
  ...(row.columns
    ? {
        columns: row.columns.map((c) => ({
          columnDivider: c.columnDivider && fieldInputOf(c.columnDivider),
          fields: c.fields.map(fieldInputOf),
        })),
      }
    : {}),
});

/** The original's rows: each divider and field as a field answer. */
const layoutView = (rows: LayoutRow[]): Static<typeof LayoutSchema> =>
  rows.map((row) => ({
    divider: row.divider && fieldView(row.divider),
    ...(row.columns
      ? {
          columns: row.columns.map((c) => ({
            columnDivider: c.columnDivider && fieldView(c.columnDivider),
            fields: c.fields.map((f: Field) => fieldView(f)),
          })),
        }
      : {}),
  }));

/**
 * The original's v3 field endpoints (`/api/v3/contenttype/{type}/fields`): fields as rows (Row or
 * Tab divider fields) of columns (Column fields), reordered, changed or removed with the layout
 * answered back.
 */
export default defineRoutes('field layout', ['fieldLayout', 'readRules'], ({ fieldLayout, readRules }) => {
  const base = '/api/v3/contenttype/:typeIdOrVarName/fields';
  return [
    route({
      method: 'GET',
      path: base,
      access: 'user',
      summary: "The type's fields as rows of columns",
      response: { schema: LayoutSchema },
      answers: { 404: 'no such content type' },
      handler: async ({ params, principal }) => {
        await readRules.requireTypeNamed(principal, params.typeIdOrVarName);
        return layoutView(await fieldLayout.layout(params.typeIdOrVarName));
      },
    }),
    route({
      method: 'GET',
      path: `${base}/allfields`,
      access: 'user',
      summary:
        'The fields of a type, flat; each filter (REQUIRED, USER_SEARCHABLE, SYSTEM_INDEXED, SHOW_IN_LIST, UNIQUE) keeps those with that flag',
      response: { schema: Type.Array(FieldSchema) },
      answers: { 404: 'no such content type' },
      query: Type.Object({ filter: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 5 })) }),
      handler: async ({ params, query, principal }) => {
        await readRules.requireTypeNamed(principal, params.typeIdOrVarName);
        return (await fieldLayout.filtered(params.typeIdOrVarName, query.filter ?? [])).map(fieldView);
      },
    }),
    route({
      method: 'PUT',
      path: `${base}/move`,
      access: 'user',
      summary:
        'Puts the fields in the order of the layout sent ({layout: rows}); entries without an id are created (administrators, or EDIT_PERMISSIONS on the type)',
      response: { schema: LayoutSchema },
      answers: { 404: 'no such content type' },
      body: Type.Object({ layout: rowsOf(Entry) }),
      handler: async ({ params, body, principal }) =>
        layoutView(await fieldLayout.move(principal, params.typeIdOrVarName, body.layout.map(rowInputOf))),
    }),
    route({
      method: 'PUT',
      path: `${base}/:fieldId`,
      access: 'user',
      summary:
        'Changes one field ({field: {...}}; its sortOrder stays) and answers the layout (administrators, or EDIT_PERMISSIONS on the type)',
      response: { schema: LayoutSchema },
      answers: { 404: 'no such content type or field' },
      body: Type.Object({ field: FieldBody }),
      handler: async ({ params, body, principal }) =>
        layoutView(
          await fieldLayout.update(principal, params.typeIdOrVarName, params.fieldId, fieldInputOf(body.field)),
        ),
    }),
    route({
      method: 'DELETE',
      path: base,
      access: 'user',
      summary:
        'Removes the fields whose ids are sent ({fieldsID: [...]}; unknown ids are passed over) and answers the layout with the ids removed',
      response: { schema: Type.Object({ fields: LayoutSchema, deletedIds: Type.Array(Type.String()) }) },
      answers: { 404: 'no such content type' },
      body: Type.Object({ fieldsID: Type.Array(Type.String({ maxLength: 255 }), { maxItems: 500 }) }),
      handler: async ({ params, body, principal }) => {
        const { fields, deletedIds } = await fieldLayout.delete(principal, params.typeIdOrVarName, body.fieldsID);
        return { fields: layoutView(fields), deletedIds };
      },
    }),
  ];
});
