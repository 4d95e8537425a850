import { Type, type Static } from '@sinclair/typebox';
import { contentletMap } from '../../core/content/contentlet-map.js';
import type { ReadContent } from '../../core/content/content-reader.js';
import type { Field } from '../../core/model/field.js';
import type { FieldType } from '../../core/plugin/field-type.js';
import { ContentTypeSchema, contentTypeView } from './content-type-view.js';
import { ContentletMapSchema } from './contentlet-map-schema.js';
import { EpochMillis } from './schema-parts.js';

type TypeOf = (field: Field) => FieldType | undefined;

/** The contentlet as the spec's table "Contentlet, as returned by firing an action" shows it. */
export function contentletView(
  { contentlet: c, type, fields }: ReadContent,
  typeOf: TypeOf,
): Static<typeof ContentletSchema> {
  const map = contentletMap(c, type, fields, typeOf);
  const described = contentTypeView(type, fields);
  return {
    map,
    identifier: c.identifier.identifier,
    inode: c.version.inode,
    name: c.version.title,
    title: c.version.title,
    type: 'contentlet',
    host: c.identifier.host,
    folder: c.identifier.folder,
    languageId: c.version.languageId,
    structureInode: type.id,
    live: map.live,
    working: map.working,
    archived: c.state.archived,
    new: false,
    locked: c.state.lockedBy !== null,
    lockedBy: c.state.lockedBy,
    indexPolicy: 'DEFER',
    actionId: null,
    structure: described,
    contentType: described,
    owner: c.identifier.owner,
    modUser: c.version.modUser,
    modDate: c.version.modDate,
    categoryId: c.version.inode,
  };
}

/** `contentletView`'s shape, for the OpenAPI document: `map` holds the fields by variable, as their types write them. */
export const ContentletSchema = Type.Object({
  map: ContentletMapSchema,
  identifier: Type.String(),
  inode: Type.String(),
  name: Type.String(),
  title: Type.String(),
  type: Type.Literal('contentlet'),
  host: Type.String(),
  folder: Type.String(),
  languageId: Type.Integer(),
  structureInode: Type.String(),
  live: Type.Boolean(),
  working: Type.Boolean(),
  archived: Type.Boolean(),
  new: Type.Boolean(),
  locked: Type.Boolean(),
  lockedBy: Type.Union([Type.String(), Type.Null()]),
  indexPolicy: Type.String(),
  actionId: Type.Null(),
  structure: ContentTypeSchema,
  contentType: ContentTypeSchema,
  owner: Type.String(),
  modUser: Type.String(),
  modDate: EpochMillis,
  categoryId: Type.String(),
});
