import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';

const PAGE = 100;

/** The installation's default site: where what belongs to no site (SYSTEM_HOST) looks for files, as in the original. */
export async function findDefaultSite(tx: Repositories): Promise<Site | undefined> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await tx.sites.list({ offset, limit: PAGE });
    const found = page.items.find((site) => site.isDefault);
    if (found || page.items.length < PAGE) return found;
  }
}
