import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Page } from '../model/page.js';
import type { Site } from '../model/site.js';
import type { Repositories, SiteQuery, Storage } from '../plugin/storage/index.js';
import type { SitePermissions } from './authorise-site.js';
import { findDefaultSite } from './default-site.js';
import { copySiteParts, type SiteCopyOptions } from './site-copy.js';
import { removeSite, type SiteRemovalDependencies } from './site-removal.js';
import type { SiteVariableInput, SiteVariableService } from './site-variables.js';

/** Sites read at a time while looking for one the caller may read. */
const FALLBACK_BATCH = 200;

/** A host name: letters, digits, dots, dashes and underscores. */
const SITE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,253})$/;

/**
 * Where the site a user switched to is kept. NOTE: the original keeps it in the HTTP session; our
 * sessions have no room for it (and API-key callers have none), so it is kept per user, in the
 * installation's settings: a switch holds for every session of that user.
 */
const currentSiteKey = (userId: string) => `site.current.${userId}`;

/** A site as a client sends it to create or change it; `variables`, when sent, become the site's whole list. */
export interface SiteInput {
  siteName: string;
  aliases?: string;
  variables?: readonly SiteVariableInput[];
}

/** What the site operations beyond create and read need. */
export interface SiteServiceDependencies extends SitePermissions, SiteRemovalDependencies {
  siteVariables: SiteVariableService;
  now?: () => number;
  /** Called after a change that decides which site a host name reaches (this process's caches). */
  changed?: () => void;
}

export class SiteService {
  private readonly now: () => number;

  private readonly storage: Storage;
  private readonly deps: SiteServiceDependencies;

  constructor(options: SiteServiceDependencies & { storage: Storage }) {
    this.storage = options.storage;
    this.deps = options;
    this.now = options.now ?? Date.now;
  }

  /** Creates a site, with its variables when sent; a name another site has (ignoring case) is refused. */
  async createSite(
    input: SiteInput,
    modUser: string,
    furnish?: (tx: Repositories, site: Site) => Promise<void>,
  ): Promise<Site> {
    const siteName = checkedName(input.siteName);
    const site: Site = {
      identifier: randomUUID(),
      inode: randomUUID(),
      siteName,
      aliases: input.aliases ?? '',
      isDefault: false,
      system: false,
      archived: false,
      live: true,
      modUser,
      modDate: this.now(),
    };
    // A new site can become the one a host name resolves to: navigation caches start again.
    await this.storage.transaction(async (tx) => {
      await tx.sites.insert(site).catch(nameTaken(siteName));
      if (input.variables) await this.deps.siteVariables.replace(tx, site.identifier, input.variables, modUser);
      await furnish?.(tx, site);
      await tx.renewNavigationVersion();
    });
    this.deps.changed?.();
    return site;
  }

  /**
   * Creates a site from `site` and copies into it what `options` name of the source site (see
   * `copySiteParts`), in one transaction. The caller must be able to read the source.
   */
  async copy(caller: Principal, from: string, site: SiteInput, options: SiteCopyOptions): Promise<Site> {
    const source = await requireSite(this.storage, from);
    if (!(await this.readable(caller, source))) throw new CmsError(Errors.SITE_NOT_FOUND, { site: from });
    const copied = await this.createSite(site, caller.user.userId, (tx, created) =>
      copySiteParts(tx, { source, target: created, options }, this.now()),
    );
    return copied;
  }

  /**
   * Renames a site and sets its aliases (absent: kept); `variables`, when sent, become its whole
   * list. The system site refuses.
   */
  update(idOrName: string, input: SiteInput, modUser: string): Promise<Site> {
    const siteName = checkedName(input.siteName);
    return this.changeState(idOrName, async (site, tx) => {
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'changed' });
      if (input.variables) await this.deps.siteVariables.replace(tx, site.identifier, input.variables, modUser);
      return { ...site, siteName, aliases: input.aliases ?? site.aliases, modUser, modDate: this.now() };
    });
  }

  /** Starts a site: it answers its host names again. An archived site is unarchived first. */
  publish(idOrName: string, modUser: string): Promise<Site> {
    return this.changeState(idOrName, (site) => {
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'published' });
      if (site.archived) throw new CmsError(Errors.SITE_ARCHIVED_NOT_PUBLISHABLE, { site: site.siteName });
      return { ...site, live: true, modUser, modDate: this.now() };
    });
  }

  /** Stops a site: its host names reach the default site. The default and the system site refuse. */
  unpublish(idOrName: string, modUser: string): Promise<Site> {
    return this.changeState(idOrName, (site) => {
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'unpublished' });
      if (site.isDefault) throw new CmsError(Errors.SITE_DEFAULT_NOT_UNPUBLISHABLE);
      return { ...site, live: false, modUser, modDate: this.now() };
    });
  }

  /** By identifier or by name. */
  getSite(idOrName: string): Promise<Site> {
    return requireSite(this.storage, idOrName);
  }

  listSites(query: SiteQuery): Promise<Page<Site>> {
    return this.storage.sites.list(query);
  }

  /**
   * Archives a site: it stops answering its host names (navigation, files) and is no longer live,
   * as archiving unpublishes in the original. The default site and the system site refuse.
   */
  archive(idOrName: string, modUser: string): Promise<Site> {
    return this.changeState(idOrName, (site) => {
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'archived' });
      if (site.isDefault) throw new CmsError(Errors.SITE_DEFAULT_NOT_ARCHIVABLE);
      return { ...site, archived: true, live: false, modUser, modDate: this.now() };
    });
  }

  /** Unarchives a site. As in the original, it stays stopped until it is published (`publish`). */
  unarchive(idOrName: string, modUser: string): Promise<Site> {
    return this.changeState(idOrName, (site) => {
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'unarchived' });
      return { ...site, archived: false, live: false, modUser, modDate: this.now() };
    });
  }

  /**
   * Makes a site the default one: it answers every host name no other site claims, and the former
   * default stops being it, in one transaction. An archived or stopped site refuses (publish it first).
   */
  async makeDefault(idOrName: string, modUser: string): Promise<Site> {
    const made = await this.storage.transaction(async (tx) => {
      const site = await requireSite(tx, idOrName);
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'made the default' });
      if (site.archived || !site.live) throw new CmsError(Errors.SITE_STOPPED_NOT_DEFAULTABLE, { site: site.siteName });
      if (site.isDefault) return site;
      const former = await findDefaultSite(tx);
      if (former) await tx.sites.update({ ...former, isDefault: false, modUser, modDate: this.now() });
      const updated = { ...site, isDefault: true, modUser, modDate: this.now() };
      await tx.sites.update(updated);
      await tx.renewNavigationVersion();
      return updated;
    });
    this.deps.changed?.();
    return made;
  }

  /** Deletes an archived site and everything under it, in one transaction (see `removeSite`). */
  async delete(idOrName: string): Promise<void> {
    await this.storage.transaction(async (tx) => {
      const site = await requireSite(tx, idOrName);
      if (site.system) throw new CmsError(Errors.SITE_SYSTEM_UNCHANGEABLE, { change: 'deleted' });
      if (site.isDefault) throw new CmsError(Errors.SITE_DEFAULT_NOT_DELETABLE);
      if (!site.archived) throw new CmsError(Errors.SITE_NOT_ARCHIVED, { site: site.siteName });
      await removeSite(this.deps, tx, site);
    });
    this.deps.changed?.();
  }

  /**
   * Makes the site the caller's current one; the caller must be allowed to read it. One it may not
   * read is answered `SITE_NOT_FOUND`, as one that does not exist.
   */
  async switchTo(caller: Principal, idOrName: string): Promise<Site> {
    return this.storage.transaction(async (tx) => {
      const site = await requireSite(tx, idOrName);
      if (!(await this.readable(caller, site, tx))) throw new CmsError(Errors.SITE_NOT_FOUND, { site: idOrName });
      await tx.settings.put(currentSiteKey(caller.user.userId), site.identifier);
      return site;
    });
  }

  /**
   * Makes the default site the caller's current one, as the original's switch without an id does;
   * a caller who may not read it gets the first site they may read.
   */
  async switchToDefault(caller: Principal): Promise<Site> {
    const site = await this.fallback(caller);
    return this.switchTo(caller, site.identifier);
  }

  /**
   * The caller's current site: the one switched to while it exists, is not archived and the caller
   * may still read it; else the default site, else the first site (by name) the caller may read.
   */
  async current(caller: Principal): Promise<Site> {
    const chosen = await this.storage.settings.get(currentSiteKey(caller.user.userId));
    const site = chosen === undefined ? undefined : await this.storage.sites.findById(chosen);
    if (site && !site.archived && (await this.readable(caller, site))) return site;
    return this.fallback(caller);
  }

  /** The default site when the caller may read it, else the first live site by name they may read. */
  private async fallback(caller: Principal): Promise<Site> {
    const preferred = await findDefaultSite(this.storage);
    if (preferred && (await this.readable(caller, preferred))) return preferred;
    for (let offset = 0; ; offset += FALLBACK_BATCH) {
      const page = await this.storage.sites.list({ offset, limit: FALLBACK_BATCH, archived: false, system: false });
      for (const site of page.items) if (await this.readable(caller, site)) return site;
      if (page.items.length < FALLBACK_BATCH) break;
    }
    // Named as for no default site: the caller learns nothing of the sites it may not read.
    throw new CmsError(Errors.SITE_NOT_FOUND, { site: 'default' });
  }

  private async readable(caller: Principal, site: Site, tx: Repositories = this.storage): Promise<boolean> {
    const definitions = await this.deps.definitions.in(tx);
    return this.deps.permissions.for(definitions, caller).has({ kind: 'site', siteId: site.identifier }, 'READ');
  }

  private async changeState(
    idOrName: string,
    change: (site: Site, tx: Repositories) => Site | Promise<Site>,
  ): Promise<Site> {
    const changed = await this.storage.transaction(async (tx) => {
      const updated = await change(await requireSite(tx, idOrName), tx);
      await tx.sites.update(updated).catch(nameTaken(updated.siteName));
      await tx.renewNavigationVersion();
      return updated;
    });
    this.deps.changed?.();
    return changed;
  }
}

export async function requireSite(tx: Repositories, idOrName: string): Promise<Site> {
  const site = (await tx.sites.findById(idOrName)) ?? (await tx.sites.findByName(idOrName));
  if (!site) throw new CmsError(Errors.SITE_NOT_FOUND, { site: idOrName });
  return site;
}

function checkedName(requested: string): string {
  const siteName = requested.trim();
  if (!SITE_NAME.test(siteName)) {
    throw new CmsError(Errors.SITE_NAME_INVALID, { siteName: requested }, { fieldName: 'siteName' });
  }
  return siteName;
}

/** The unique name index refused the write: another site has the name. */
function nameTaken(siteName: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof CmsError && error.code === Errors.RECORD_NOT_UNIQUE.code) {
      throw new CmsError(Errors.SITE_NAME_TAKEN, { siteName }, { fieldName: 'siteName' });
    }
    throw error;
  };
}
