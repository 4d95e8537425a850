import { Type, type Static } from '@sinclair/typebox';
import type { MenuLinkEntry } from '../../core/menu-link/menu-link-service.js';
import { MENU_LINK_TARGETS, MENU_LINK_TYPES } from '../../core/model/menu-link.js';
import { EpochMillis } from './schema-parts.js';

/** `menuLinkView`'s shape, for the OpenAPI document. */
export const MenuLinkSchema = Type.Object({
  identifier: Type.String(),
  inode: Type.String({ description: 'The working version’s own id' }),
  type: Type.Literal('links'),
  hostId: Type.String(),
  siteId: Type.String({ description: 'The hostId again' }),
  parent: Type.String({ description: 'The folder’s identifier, or SYSTEM_FOLDER at the root of the site' }),
  folderPath: Type.String({ description: '/ at the root of the site' }),
  title: Type.String(),
  friendlyName: Type.String(),
  protocol: Type.String({ description: 'Empty for none' }),
  url: Type.String(),
  target: Type.Union(MENU_LINK_TARGETS.map((t) => Type.Literal(t))),
  internalLinkIdentifier: Type.String({ description: 'INTERNAL links only; empty otherwise' }),
  linkType: Type.Union(MENU_LINK_TYPES.map((t) => Type.Literal(t))),
  linkCode: Type.String({ description: 'CODE links only; empty otherwise' }),
  showOnMenu: Type.Boolean(),
  sortOrder: Type.Integer(),
  working: Type.Literal(true),
  live: Type.Boolean({ description: 'Whether this version is the live one' }),
  hasLiveVersion: Type.Boolean(),
  deleted: Type.Literal(false),
  locked: Type.Literal(false),
  owner: Type.String(),
  iDate: EpochMillis,
  modDate: EpochMillis,
  modUser: Type.String(),
});

/**
 * A link's working version as the original's Link map shows it (`parent` is the folder, `protocol`
 * spelt right), with what the community plugin's view adds (`identifier`, `inode`, `linkCode`,
 * `siteId`, `folderPath`). `live` says whether this version is the live one; `hasLiveVersion`
 * whether any is.
 */
export function menuLinkView({ working, live, folderPath }: MenuLinkEntry): Static<typeof MenuLinkSchema> {
  return {
    identifier: working.identifier,
    inode: working.inode,
    type: 'links',
    hostId: working.hostId,
    siteId: working.hostId,
    parent: working.folder,
    folderPath,
    title: working.title,
    friendlyName: working.friendlyName,
    protocol: working.protocol,
    url: working.url,
    target: working.target,
    internalLinkIdentifier: working.internalLinkIdentifier,
    linkType: working.linkType,
    linkCode: working.linkCode,
    showOnMenu: working.showOnMenu,
    sortOrder: working.sortOrder,
    working: true,
    live: live?.inode === working.inode,
    hasLiveVersion: live !== undefined,
    deleted: false,
    locked: false,
    owner: working.owner,
    iDate: working.iDate,
    modDate: working.modDate,
    modUser: working.modUser,
  };
}
