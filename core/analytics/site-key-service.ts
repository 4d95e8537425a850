import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors, isCmsError } from '../errors/index.js';
import type { AnalyticsSiteKey } from '../model/analytics-site-key.js';
import type { Site } from '../model/site.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import { authoriseSite } from '../site/authorise-site.js';
import { generateSiteAuth, hashSiteAuth, isMaskOnly, maskSiteAuth, siteAuthProblem } from './site-auth.js';
import { verifySiteAuth } from './verify-site-auth.js';

export interface SiteKeyDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  now?: () => number;
}

/** A site's key as the apps endpoint shows it: masked, never the key. */
export interface SiteKeyView {
  site: Site;
  key: AnalyticsSiteKey | undefined;
  /** How many sites have a key. */
  configuredSites: number;
}

/**
 * The sites' analytics ingest keys (`site_auth`). Managing a site's key takes EDIT (WRITE) on the
 * site, which administrators hold everywhere. Only a hash and a masked form are stored: a key is
 * shown once, in the answer that generated it, and is never logged.
 *
 * NOTE: nothing here is cached. A replaced key must stop working at once in every process sharing
 * the database, so `verify` reads storage each time: one query on the unique index of hashes.
 */
export class SiteKeyService {
  private readonly now: () => number;

  constructor(private readonly deps: SiteKeyDependencies) {
    this.now = deps.now ?? Date.now;
  }

  /** Creates or replaces the site's key with a generated one, and answers it (the only time it is shown). */
  generate(caller: Principal, siteIdOrName: string): Promise<string> {
    return this.deps.storage.transaction(async (tx) => {
      const site = await this.authorise(tx, caller, siteIdOrName);
      const siteAuth = generateSiteAuth(site);
      await tx.analyticsSiteKeys.replace(this.record(site, siteAuth, caller));
      return siteAuth;
    });
  }

  /**
   * Sets the site's key by hand, replacing any. Asterisks only (the masked value sent back) keep
   * the current key, so they are never a key themselves. Refused when another site has the same key.
   */
  async set(caller: Principal, siteIdOrName: string, siteAuth: string): Promise<void> {
    try {
      await this.deps.storage.transaction(async (tx) => {
        const site = await this.authorise(tx, caller, siteIdOrName);
        if (isMaskOnly(siteAuth)) {
          if (await tx.analyticsSiteKeys.find(site.identifier)) return;
          throw new CmsError(
            Errors.ANALYTICS_SITE_AUTH_INVALID,
            { reason: 'asterisks only stand for the current one, and this site has none' },
            { fieldName: 'siteAuth' },
          );
        }
        const problem = siteAuthProblem(siteAuth);
        if (problem)
          throw new CmsError(Errors.ANALYTICS_SITE_AUTH_INVALID, { reason: problem }, { fieldName: 'siteAuth' });
        await tx.analyticsSiteKeys.replace(this.record(site, siteAuth, caller));
      });
    } catch (error) {
      if (isCmsError(error, Errors.RECORD_NOT_UNIQUE)) {
        throw new CmsError(Errors.ANALYTICS_SITE_AUTH_TAKEN, undefined, { fieldName: 'siteAuth', cause: error });
      }
      throw error;
    }
  }

  /** The site's key, masked, for the apps endpoint. */
  async current(caller: Principal, siteIdOrName: string): Promise<SiteKeyView> {
    const { storage } = this.deps;
    const site = await this.authorise(storage, caller, siteIdOrName);
    return {
      site,
      key: await storage.analyticsSiteKeys.find(site.identifier),
      configuredSites: await storage.analyticsSiteKeys.count(),
    };
  }

  /**
   * The site a Site Auth belongs to, or undefined when it is nobody's current key (anything not a
   * string included). For the ingest endpoint, which takes no other credential.
   */
  verify(siteAuth: unknown): Promise<{ siteId: string } | undefined> {
    return verifySiteAuth(this.deps.storage.analyticsSiteKeys, siteAuth);
  }

  /** The site, by identifier or name, once the caller may edit it. */
  private authorise(tx: Repositories, caller: Principal, siteIdOrName: string): Promise<Site> {
    return authoriseSite(this.deps, tx, { caller, site: siteIdOrName, permission: 'WRITE' });
  }

  private record(site: Site, siteAuth: string, caller: Principal): AnalyticsSiteKey {
    return {
      siteId: site.identifier,
      keyHash: hashSiteAuth(siteAuth),
      masked: maskSiteAuth(siteAuth, site),
      createdAt: this.now(),
      createdBy: caller.user.userId,
    };
  }
}
