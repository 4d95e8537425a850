import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { Page } from '../model/page.js';
import type { Site } from '../model/site.js';
import type { SiteQuery, Storage } from '../plugin/storage-driver.js';

/** A host name: letters, digits, dots, dashes and underscores. */
const SITE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,253})$/;

export class SiteService {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  async createSite(input: { siteName: string; aliases?: string }, modUser: string): Promise<Site> {
    const siteName = input.siteName.trim();
    if (!SITE_NAME.test(siteName)) {
      throw new CmsError(Errors.SITE_NAME_INVALID, { siteName: input.siteName }, { fieldName: 'siteName' });
    }
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
      await tx.sites.insert(site);
      await tx.renewNavigationVersion();
    });
    return site;
  }

  /** By identifier or by name. */
  async getSite(idOrName: string): Promise<Site> {
    const site = (await this.storage.sites.findById(idOrName)) ?? (await this.storage.sites.findByName(idOrName));
    if (!site) throw new CmsError(Errors.SITE_NOT_FOUND, { site: idOrName });
    return site;
  }

  listSites(query: SiteQuery): Promise<Page<Site>> {
    return this.storage.sites.list(query);
  }
}
