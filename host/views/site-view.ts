import { Type, type Static } from '@sinclair/typebox';
import type { Site } from '../../core/model/site.js';
import { EpochMillis } from './schema-parts.js';

/** `siteView`'s shape, for the OpenAPI document. */
export const SiteSchema = Type.Object({
  identifier: Type.String(),
  inode: Type.String(),
  siteName: Type.String(),
  hostname: Type.String({ description: 'The site name again' }),
  hostName: Type.String({ description: 'The site name again' }),
  aliases: Type.String({ description: 'Other host names of the site, one a line' }),
  default: Type.Boolean(),
  systemHost: Type.Boolean(),
  archived: Type.Boolean(),
  live: Type.Boolean(),
  working: Type.Literal(true),
  modUser: Type.String(),
  modDate: EpochMillis,
});

export function siteView(site: Site): Static<typeof SiteSchema> {
  return {
    identifier: site.identifier,
    inode: site.inode,
    siteName: site.siteName,
    hostname: site.siteName,
    hostName: site.siteName,
    aliases: site.aliases,
    default: site.isDefault,
    systemHost: site.system,
    archived: site.archived,
    live: site.live,
    working: true,
    modUser: site.modUser,
    modDate: site.modDate,
  };
}
