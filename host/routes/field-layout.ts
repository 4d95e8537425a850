import { Type, type Static } from '@sinclair/typebox';
import { route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { FieldBody, fieldInputOf } from '../route-helpers/field-body.js';
import { FieldSchema, fieldView } from '../views/field-view.js';
import { LayoutSchema, layoutView, rowsOf } from '../views/field-layout-view.js';

const Entry = Type.Composite([FieldBody, Type.Object({ id: Type.Optional(Type.String({ maxLength: 255 })) })]);
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
