import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { PermissionName } from '../model/permission.js';
import type { Site } from '../model/site.js';
import type { RepositorySet } from '../plugin/storage/index.js';

/** What deciding a caller's permission on a site needs. */
export interface SitePermissions {
  definitions: DefinitionCache;
  permissions: PermissionService;
}

/** Who asks for which permission on which site (by identifier or name). */
export interface SiteAccess {
  caller: Principal;
  site: string;
  permission: PermissionName;
}

/**
 * The site, by identifier or name, once the caller holds the permission on it (administrators hold
 * every one). Throws `SITE_NOT_FOUND`, then `PERMISSION_DENIED`.
 */
export async function authoriseSite(deps: SitePermissions, tx: RepositorySet, access: SiteAccess): Promise<Site> {
  const site = (await tx.sites.findById(access.site)) ?? (await tx.sites.findByName(access.site));
  if (!site) throw new CmsError(Errors.SITE_NOT_FOUND, { site: access.site });
  const definitions = await deps.definitions.in(tx);
  await deps.permissions
    .for(definitions, access.caller)
    .check({ kind: 'site', siteId: site.identifier }, access.permission);
  return site;
}
