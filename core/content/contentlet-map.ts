import type { BaseContentType, ContentType } from '../model/content-type.js';
import type { Contentlet } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import type { FieldType } from '../plugin/field-type.js';
import { isStoredAsset } from '../model/stored-asset.js';
import { binaryMembers, webAssetMembers } from './web-asset-map.js';

/** The members every item's map has, whatever its type. */
export type ContentletMapMembers = {
  owner: string;
  identifier: string;
  inode: string;
  modDate: number;
  languageId: number;
  title: string;
  folder: string;
  sortOrder: number;
  modUser: string;
  host: string;
  stInode: string;
  contentType: string;
  baseType: BaseContentType;
  live: boolean;
  working: boolean;
  archived: boolean;
  locked: boolean;
  nullProperties: string[];
  disabledWYSIWYG: string[];
};

/** An item's map: the usual members, and beside them its fields by variable, as each type writes them. */
export type ContentletMap = ContentletMapMembers & Record<string, unknown>;

/**
 * The flat property map of a content item: the `map` of the contentlet the spec shows, and what
 * the legacy read interface answers. Field values go through their type's `toContentMap`; pages
 * and files carry their path (`webAssetMembers`).
 */
export function contentletMap(
  c: Contentlet,
  type: ContentType,
  fields: readonly Field[],
  typeOf: (field: Field) => FieldType | undefined,
): ContentletMap {
  const map: ContentletMap = {
    owner: c.identifier.owner,
    identifier: c.identifier.identifier,
    inode: c.version.inode,
    modDate: c.version.modDate,
    languageId: c.version.languageId,
    title: c.version.title,
    folder: c.identifier.folder,
    sortOrder: c.version.sortOrder,
    modUser: c.version.modUser,
    host: c.identifier.host,
    stInode: type.id,
    contentType: type.variable,
    baseType: type.baseType,
    live: c.state.liveInode === c.version.inode,
    working: c.state.workingInode === c.version.inode,
    archived: c.state.archived,
    locked: c.state.lockedBy !== null,
    nullProperties: [],
    disabledWYSIWYG: [],
  };
  for (const field of fields) {
    const fieldType = typeOf(field);
    if (!fieldType || fieldType.kind === 'layout') continue;
    const stored = c.version.values[field.variable];
    if (stored === null || stored === undefined) {
      map.nullProperties.push(field.variable);
      continue;
    }
    // Binary values show as their URLs, whatever the field type's plugin (the map knows the item).
    if (isStoredAsset(stored)) Object.assign(map, binaryMembers(c, field.variable, stored));
    else map[field.variable] = fieldType.toContentMap(stored, field);
  }
  return Object.assign(map, webAssetMembers(c, type));
}
