import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FieldInput } from '../../core/content/field-service.js';

const Text = (max = 255) => Type.String({ maxLength: max });
/** A member the original's clients may send as null to mean "not set". */
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Flag = Nullable(Type.Boolean());

/** A field definition as clients send it, to the v2 and v3 field endpoints and inside a content type. */
export const FieldBody = Type.Object({
  clazz: Nullable(Text()),
  name: Nullable(Text()),
  variable: Nullable(Text()),
  dataType: Nullable(Text(32)),
  sortOrder: Nullable(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  regexCheck: Type.Optional(Type.Union([Text(2000), Type.Null()])),
  defaultValue: Type.Optional(Type.Union([Text(65_535), Type.Null()])),
  hint: Type.Optional(Type.Union([Text(4000), Type.Null()])),
  values: Type.Optional(Type.Union([Text(65_535), Type.Null()])),
  required: Flag,
  searchable: Flag,
  indexed: Flag,
  listed: Flag,
  unique: Flag,
  readOnly: Flag,
  fixed: Flag,
  relationType: Type.Optional(Type.Union([Text(), Type.Null()])),
  fieldVariables: Nullable(
    Type.Array(Type.Object({ key: Type.Optional(Text()), value: Type.Optional(Text(65_535)) }), { maxItems: 200 }),
  ),
});

/** Members whose null means "not set" in a field definition (the others keep null: it clears them). */
const UNSET_WHEN_NULL = [
  'clazz',
  'name',
  'variable',
  'dataType',
  'sortOrder',
  'required',
  'searchable',
  'indexed',
  'listed',
  'unique',
  'readOnly',
  'fixed',
  'fieldVariables',
] as const;

/** A field definition as sent, with the nulls that mean "not set" left out. */
export function fieldInputOf<T extends Static<typeof FieldBody>>(
  body: T,
): Omit<T, (typeof UNSET_WHEN_NULL)[number]> & FieldInput {
  const input: Record<string, unknown> = { ...body };
  for (const key of UNSET_WHEN_NULL) if (input[key] === null) delete input[key];
  return input as Omit<T, (typeof UNSET_WHEN_NULL)[number]> & FieldInput;
}
