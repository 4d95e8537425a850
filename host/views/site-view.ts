import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_LANGUAGE_ID } from '../../core/model/language.js';
import { SYSTEM_HOST, type Site, type SiteVariable } from '../../core/model/site.js';
import { EpochMillis } from './schema-parts.js';

/** A site variable inside a site's answer (the original's short form). */
export const SiteVariableBriefSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key: Type.String(),
  value: Type.String(),
});

/** A site variable as the variable resource answers it. */
export const SiteVariableSchema = Type.Object({
  id: Type.String(),
  hostId: Type.String({ description: 'The site the variable belongs to' }),
  name: Type.String(),
  key: Type.String(),
  value: Type.String(),
  lastModifierId: Type.String(),
  lastModDate: EpochMillis,
});

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
  // The rest of the original's site view: sites are never locked here, tags are kept on the system
  // site, and the descriptive members it keeps (keywords, thumbnails...) are not kept here.
  locked: Type.Literal(false),
  tagStorage: Type.String({ description: 'Where tags of the site are kept: always the system site here' }),
  languageId: Type.Integer({ description: 'The default language' }),
  runDashboard: Type.Literal(false),
  siteThumbnail: Type.Literal(''),
  keywords: Type.Null(),
  description: Type.Null(),
  googleMap: Type.Null(),
  googleAnalytics: Type.Null(),
  addThis: Type.Null(),
  proxyUrlForEditMode: Type.Null(),
  embeddedDashboard: Type.Null(),
  variables: Type.Optional(Type.Array(SiteVariableBriefSchema, { description: 'Answered by reads of one site' })),
});

export function siteView(site: Site, variables?: readonly SiteVariable[]): Static<typeof SiteSchema> {
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
    locked: false,
    tagStorage: SYSTEM_HOST,
    languageId: DEFAULT_LANGUAGE_ID,
    runDashboard: false,
    siteThumbnail: '',
    keywords: null,
    description: null,
    googleMap: null,
    googleAnalytics: null,
    addThis: null,
    proxyUrlForEditMode: null,
    embeddedDashboard: null,
    ...(variables ? { variables: variables.map(({ id, name, key, value }) => ({ id, name, key, value })) } : {}),
  };
}

export function siteVariableView(variable: SiteVariable): Static<typeof SiteVariableSchema> {
  return {
    id: variable.id,
    hostId: variable.siteId,
    name: variable.name,
    key: variable.key,
    value: variable.value,
    lastModifierId: variable.modUser,
    lastModDate: variable.modDate,
  };
}
