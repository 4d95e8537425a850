import { Type } from '@sinclair/typebox';

const Text = (max = 255) => Type.String({ maxLength: max });
const Flag = Type.Optional(Type.Boolean());

/** A field definition as clients send it, to the v2 and v3 field endpoints and inside a content type. */
export const FieldBody = Type.Object({
  clazz: Type.Optional(Text()),
  name: Type.Optional(Text()),
  variable: Type.Optional(Text()),
  dataType: Type.Optional(Text(32)),
  sortOrder: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
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
  fieldVariables: Type.Optional(
    Type.Array(Type.Object({ key: Type.Optional(Text()), value: Type.Optional(Text(65_535)) }), { maxItems: 200 }),
  ),
});
