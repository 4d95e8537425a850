import { Type } from '@sinclair/typebox';

const SiteVariableForm = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 255 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  key: Type.Optional(Type.String({ maxLength: 255 })),
  value: Type.Optional(Type.String({ maxLength: 65_535 })),
});

/**
 * The original's site form. Only the name, aliases and variables are kept here; the other members
 * it has (tag storage, keywords, thumbnails, dashboards...) are accepted and not stored.
 */
export const SiteForm = Type.Object(
  {
    siteName: Type.String({ minLength: 1, maxLength: 255 }),
    aliases: Type.Optional(Type.String({ maxLength: 4000 })),
    variables: Type.Optional(Type.Array(SiteVariableForm, { maxItems: 500 })),
  },
  { additionalProperties: true },
);
