import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { LayoutRow } from '../../core/content/field-layout.js';
import type { Field } from '../../core/model/field.js';
import { FieldSchema, fieldView } from './field-view.js';

/** The original's rows of a layout: each a divider (Row or Tab) with its columns of fields. */
export const rowsOf = <T extends TSchema>(field: T) =>
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

/** `layoutView`'s shape, for the OpenAPI document. */
export const LayoutSchema = rowsOf(FieldSchema);

/** The original's rows: each divider and field as a field answer. */
export const layoutView = (rows: LayoutRow[]): Static<typeof LayoutSchema> =>
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
