import { Type } from '@sinclair/typebox';
import { BASE_CONTENT_TYPES } from '../../core/model/content-type.js';
import { EpochMillis } from './schema-parts.js';

/**
 * `contentletMap` (core/content/contentlet-map.ts): the members every item has, and beside them its
 * fields by variable, as their types write them (the open part: each content type has its own),
 * with a Binary field's URL members and a page's or file's path members.
 */
export const ContentletMapSchema = Type.Object(
  {
    owner: Type.String(),
    identifier: Type.String(),
    inode: Type.String(),
    modDate: EpochMillis,
    languageId: Type.Integer(),
    title: Type.String(),
    folder: Type.String(),
    sortOrder: Type.Integer(),
    modUser: Type.String(),
    host: Type.String(),
    stInode: Type.String({ description: "The content type's id" }),
    contentType: Type.String({ description: "The content type's variable" }),
    baseType: Type.Union(BASE_CONTENT_TYPES.map((t) => Type.Literal(t))),
    live: Type.Boolean(),
    working: Type.Boolean(),
    archived: Type.Boolean(),
    locked: Type.Boolean(),
    nullProperties: Type.Array(Type.String(), { description: 'The fields without a value' }),
    disabledWYSIWYG: Type.Array(Type.String()),
  },
  { additionalProperties: true },
);

/** The legacy read interface's answer (`/api/content/id/...`, `/api/content/inode/...`): one item's map. */
export const LegacyContentletsSchema = Type.Object({ contentlets: Type.Array(ContentletMapSchema) });
