import { ExpiringCache } from '../auth/expiring-cache.js';
import type { Site } from '../model/site.js';
import type { Storage } from '../plugin/storage/index.js';

/** Sites are few; a page of this many covers them in one read. */
const SCAN_PAGE = 500;

/** The host name of a `Host` header: no port, lower-case (`[::1]:8080` → `[::1]`). */
export function hostNameOf(header: string | undefined): string | undefined {
  const host = header?.trim().toLowerCase();
  if (!host) return undefined;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return name || undefined;
}

/** An alias list as the original keeps it: one per line (commas and spaces are read too). */
function aliasesOf(site: Site): string[] {
  return site.aliases
    .split(/[\s,]+/)
    .map((alias) => alias.trim().toLowerCase())
    .filter(Boolean);
}

const serves = (site: Site | undefined): site is Site =>
  site !== undefined && !site.system && !site.archived && site.live;

/**
 * Which site a request is for, by its `Host` header: the site of that name, else the site that has
 * it among its aliases, else the default site. Answers are kept a few seconds per host name, so a
 * site renamed or given an alias (by any process) is served under its new name shortly after.
 */
export class SiteByHost {
  private readonly cache: ExpiringCache<Site>;

  private readonly storage: Storage;

  constructor(options: { storage: Storage; ttlMs?: number; maxEntries?: number; now?: () => number }) {
    this.storage = options.storage;
    this.cache = new ExpiringCache(options.ttlMs ?? 5_000, options.maxEntries ?? 1_000, options.now);
  }

  async forHost(header: string | undefined): Promise<Site | undefined> {
    const name = hostNameOf(header);
    const key = name ?? '';
    const cached = this.cache.get(key);
    if (cached) return cached;
    const named = name ? await this.storage.sites.findByName(name) : undefined;
    const site = serves(named) ? named : await this.byAliasOrDefault(name);
    if (site) this.cache.set(key, site);
    return site;
  }

  /** Drops what this process remembers: a site was archived, unarchived, created or deleted here. */
  forget(): void {
    this.cache.clear();
  }

  private async byAliasOrDefault(name: string | undefined): Promise<Site | undefined> {
    let fallback: Site | undefined;
    for (let offset = 0; ; offset += SCAN_PAGE) {
      const page = await this.storage.sites.list({ offset, limit: SCAN_PAGE });
      for (const site of page.items) {
        if (!serves(site)) continue;
        if (name && aliasesOf(site).includes(name)) return site;
        if (site.isDefault) fallback ??= site;
      }
      if (page.items.length < SCAN_PAGE) return fallback;
    }
  }
}
