import { checkKnown } from '../auth/known-asset.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { AnonymousContentAccess } from '../content/content-reader.js';
import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import { readAfterCall } from '../definitions/read-after-call.js';
import { CmsError, Errors } from '../errors/index.js';
import { ROOT_PATH } from '../model/folder.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { Site } from '../model/site.js';
import type { Storage, VersionTokens } from '../plugin/storage/index.js';
import type { SiteByHost } from '../site/site-by-host.js';
import { VersionedLruCache } from '../cache/versioned-lru-cache.js';
import { gzippedAnswer, serialisedAnswerBytes, type SerialisedAnswer } from '../cache/serialised-answer.js';
import type { NavFallThrough } from './nav-content-items.js';
import type { NavItem } from './nav-item.js';
import { menuLinkItems } from './menu-link-items.js';
import type { NavItemSource } from './nav-item-source.js';
import { navRootPath } from './nav-root-path.js';
import { buildNavTree } from './nav-tree-builder.js';

/**
 * The deepest tree one request may ask for. The original sets none; ten levels cover any menu a
 * site shows, and bound the work of one request however deep the folders go.
 */
export const MAX_NAV_DEPTH = 10;

export interface NavigationDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  sites: SiteByHost;
  /** `CONTENT_APIS_ALLOW_ANONYMOUS`: anonymous callers are refused with `NONE`, as by every content read. */
  anonymous: AnonymousContentAccess;
  /** `ENABLE_NAV_PERMISSION_CHECK`: keep only items the caller may READ. */
  permissionCheck: boolean;
  fallThrough: NavFallThrough;
  /** Where menu links come from: the stored menu links unless a test says otherwise. */
  links?: NavItemSource;
  /** The whole answer as bytes (the host wraps the item in its envelope): what is cached and sent. */
  serialise(root: NavItem): Uint8Array;
  cache?: NavAnswerCache;
}

/**
 * Serialised trees, trusted under the pair of tokens they were built under (`definitionsVersion`
 * and `navigationVersion`): a new pair empties the cache.
 */
export type NavAnswerCache = VersionedLruCache<SerialisedAnswer>;

export function navAnswerCache(bounds = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024 }): NavAnswerCache {
  return new VersionedLruCache({ ...bounds, sizeOf: serialisedAnswerBytes });
}

export interface NavRequest {
  /** The root path of the tree (`/` for the site's root). */
  uri: string;
  depth?: number;
  languageId?: number;
  /** The `Host` header: the site of that name or alias, else the default site. */
  host?: string;
  /** A site identifier, which wins over the `Host` header. */
  hostId?: string;
}

/**
 * The navigation tree of a site (`GET /api/v1/nav/{uri}`): folders, pages, files (and, later, menu
 * links) that show on the menu, live only, below a root folder to a depth. Answers are serialised
 * once and kept per (site, language, root, depth, and the caller when the permission check is on)
 * under the version tokens, so a cached answer costs the access checks and a share of one read of
 * both tokens (the requests that arrive together read them once).
 */
export class NavigationService {
  private readonly cache: NavAnswerCache;
  private readonly links: NavItemSource;
  private readonly versionTokens: () => Promise<VersionTokens>;

  constructor(private readonly deps: NavigationDependencies) {
    this.cache = deps.cache ?? navAnswerCache();
    this.links = deps.links ?? menuLinkItems;
    // The requests that arrive together share one read of the tokens, made after all of them arrived.
    this.versionTokens = readAfterCall(() => deps.storage.versionTokens());
  }

  async answer(principal: Principal | null, request: NavRequest): Promise<SerialisedAnswer> {
    const depth = request.depth ?? 1;
    if (!Number.isInteger(depth) || depth < 1 || depth > MAX_NAV_DEPTH)
      throw new CmsError(Errors.NAV_DEPTH_OUT_OF_RANGE, { max: MAX_NAV_DEPTH }, { fieldName: 'depth' });
    if (!principal && this.deps.anonymous === 'NONE') throw new CmsError(Errors.AUTH_INVALID_USER);
    const rootPath = navRootPath(request.uri);
    const { storage } = this.deps;
    // With the site's and the caller's checks, all a cached answer costs: one read, shared.
    const tokens = await this.versionTokens();
    const definitions = await this.deps.definitions.in(storage, tokens.definitions);
    const languageId = request.languageId ?? DEFAULT_LANGUAGE_ID;
    if (!(await definitions.language(languageId)))
      throw new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: 'languageId' });
    const site = await this.site(request);
    const check = this.deps.permissions.for(definitions, principal);
    // A tree is a live read: the anonymous role's grants count for everybody, as in every live read.
    // A site the caller may not read is answered as one that does not exist.
    await checkKnown(
      check,
      { kind: 'site', siteId: site.identifier },
      {
        permission: 'READ',
        unknown: () => unknownSite(request),
        options: { live: true },
      },
    );

    const version = `${tokens.definitions}\0${tokens.navigation}`;
    const key = [site.identifier, languageId, rootPath, depth, this.callerKey(principal)].join('\0');
    const cached = this.cache.get(version, key);
    if (cached) return cached;
    const answer = gzippedAnswer(
      this.deps.serialise(await this.build(principal, definitions, { site, rootPath, depth, languageId })),
    );
    this.cache.set(version, key, answer);
    return answer;
  }

  private async build(
    principal: Principal | null,
    definitions: Definitions,
    at: { site: Site; rootPath: string; depth: number; languageId: number },
  ): Promise<NavItem> {
    const { site, rootPath } = at;
    const root = rootPath === ROOT_PATH ? undefined : await definitions.folderAt(site.identifier, rootPath);
    if (rootPath !== ROOT_PATH && !root) throw new CmsError(Errors.NAV_URL_NOT_FOUND);
    const check = this.deps.permissions.for(definitions, principal);
    // Live items are read with the anonymous role's grants too, as every live read is.
    const canRead = this.deps.permissionCheck
      ? (asset: Parameters<typeof check.has>[0]) => check.has(asset, 'READ', { live: true })
      : undefined;
    // A folder the caller may not read is answered as a path with nothing there.
    if (root && canRead && !(await canRead({ kind: 'folder', folder: root })))
      throw new CmsError(Errors.NAV_URL_NOT_FOUND);
    return buildNavTree(
      this.deps.storage,
      { ...at, root, canRead, typeOf: (id) => definitions.contentType(id) },
      { fallThrough: this.deps.fallThrough, links: this.links },
    );
  }

  /** The site named by `host_id` (which must exist), else by the `Host` header, else the default site. */
  private async site(request: NavRequest): Promise<Site> {
    if (request.hostId !== undefined) {
      const named = await this.deps.storage.sites.findById(request.hostId);
      if (!named) throw new CmsError(Errors.SITE_NOT_FOUND, { site: request.hostId }, { fieldName: 'host_id' });
      // An archived site has no navigation, named or reached by its host name.
      if (named.archived) throw new CmsError(Errors.NAV_URL_NOT_FOUND);
      return named;
    }
    const site = await this.deps.sites.forHost(request.host);
    if (!site) throw new CmsError(Errors.NAV_URL_NOT_FOUND);
    return site;
  }

  /** Without the permission check every caller gets one tree; with it, the tree is the caller's own. */
  private callerKey(principal: Principal | null): string {
    if (!this.deps.permissionCheck) return '';
    if (!principal) return 'anonymous';
    if (principal.admin) return 'admin';
    // The user too, not only the roles: `CMS Owner` grants depend on who owns each item.
    return `${principal.user.userId}\0${[...principal.roleIds].sort().join(',')}`;
  }
}

/** What a request naming no site gets: `SITE_NOT_FOUND` for a `host_id`, else "no such URL". */
function unknownSite(request: NavRequest): CmsError {
  return request.hostId !== undefined
    ? new CmsError(Errors.SITE_NOT_FOUND, { site: request.hostId }, { fieldName: 'host_id' })
    : new CmsError(Errors.NAV_URL_NOT_FOUND);
}
