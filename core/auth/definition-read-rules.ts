import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Page, PageRequest } from '../model/page.js';
import type { Site } from '../model/site.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import type { PermissionCheck, PermissionService } from './permission-service.js';
import type { Principal } from './principal.js';

/** Whether the caller may see an item of a listing. */
export type Filter<T> = (item: T) => Promise<boolean>;

/** How many rows a filtered listing reads from storage at a time. */
const BATCH = 500;

export interface DefinitionReadRulesDependencies {
  storage: RepositorySet;
  definitions: DefinitionCache;
  permissions: PermissionService;
}

/**
 * Who may see which sites, content types and workflow schemes. A site or a type is shown to a
 * caller holding READ on it through the caller's own roles (a type inherits from its site, a site
 * from SYSTEM_HOST); administrators see everything. Unlike reading published content, the
 * `CMS Anonymous` grants do not count for a signed-in caller: the original's back end reads
 * definitions without the front-end roles, and a new installation grants that role READ on
 * SYSTEM_HOST, which would otherwise show every site and type to everyone signed in.
 *
 * Schemes have no grants of their own: a scheme is shown to a caller who may read a content type
 * bound to it (what the caller needs to work with that type's content), and to administrators.
 */
export class DefinitionReadRules {
  constructor(private readonly deps: DefinitionReadRulesDependencies) {}

  /** The permission checks of the caller, for the definitions as `tx` sees them. */
  async checks(caller: Principal | null, tx: RepositorySet = this.deps.storage): Promise<PermissionCheck> {
    return this.deps.permissions.for(await this.deps.definitions.in(tx), caller);
  }

  /**
   * Which sites the caller may read, decided against one reading of the definitions (for a
   * listing); `undefined` for administrators, who see all of them.
   */
  async siteFilter(caller: Principal | null): Promise<Filter<Pick<Site, 'identifier'>> | undefined> {
    if (caller?.admin) return undefined;
    const check = await this.checks(caller);
    return (site) => check.has({ kind: 'site', siteId: site.identifier }, 'READ');
  }

  /** Which content types the caller may read, as `siteFilter` decides sites. */
  async typeFilter(caller: Principal | null): Promise<Filter<ContentType> | undefined> {
    if (caller?.admin) return undefined;
    const check = await this.checks(caller);
    return (type) => check.has({ kind: 'contentType', type }, 'READ');
  }

  async canReadSite(caller: Principal | null, site: Pick<Site, 'identifier'>, tx?: RepositorySet): Promise<boolean> {
    if (caller?.admin) return true;
    return (await this.checks(caller, tx)).has({ kind: 'site', siteId: site.identifier }, 'READ');
  }

  async canReadType(caller: Principal | null, type: ContentType, tx?: RepositorySet): Promise<boolean> {
    if (caller?.admin) return true;
    return (await this.checks(caller, tx)).has({ kind: 'contentType', type }, 'READ');
  }

  /** The site, once the caller may read it; else `SITE_NOT_FOUND` naming what the caller asked for, as for no site. */
  async requireSite<S extends Pick<Site, 'identifier'>>(caller: Principal | null, site: S, asked: string): Promise<S> {
    if (await this.canReadSite(caller, site)) return site;
    throw new CmsError(Errors.SITE_NOT_FOUND, { site: asked });
  }

  /** The type, once the caller may read it; else `CONTENT_TYPE_NOT_FOUND` naming what the caller asked for. */
  async requireType<T extends ContentType>(caller: Principal | null, type: T, asked: string): Promise<T> {
    if (await this.canReadType(caller, type)) return type;
    throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: asked });
  }

  /**
   * The type an id or variable names, once the caller may read it; `CONTENT_TYPE_NOT_FOUND` naming
   * what the caller asked for both when there is none and when the caller may not read it.
   */
  async requireTypeNamed(caller: Principal | null, idOrVariable: string): Promise<ContentType> {
    const definitions = await this.deps.definitions.in(this.deps.storage);
    const type = await definitions.contentType(idOrVariable);
    if (
      type &&
      (caller?.admin ||
        (await this.deps.permissions.for(definitions, caller).has({ kind: 'contentType', type }, 'READ')))
    ) {
      return type;
    }
    throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: idOrVariable });
  }

  /** Throws `unknown()` (the error of an id naming nothing) unless the caller may see the scheme. */
  async requireScheme(caller: Principal | null, schemeId: string, unknown: () => CmsError): Promise<void> {
    if (!(await this.canReadScheme(caller, schemeId))) throw unknown();
  }

  /** The ids of the schemes the caller may see; `undefined` stands for all of them (administrators). */
  async readableSchemes(
    caller: Principal | null,
    tx: RepositorySet = this.deps.storage,
  ): Promise<Set<string> | undefined> {
    if (caller?.admin) return undefined;
    const check = await this.checks(caller, tx);
    const ids = new Set<string>();
    await eachRow(
      (page) => tx.contentTypes.list(page),
      async (type) => {
        if (type.workflows.some((id) => !ids.has(id)) && (await check.has({ kind: 'contentType', type }, 'READ'))) {
          for (const id of type.workflows) ids.add(id);
        }
      },
    );
    return ids;
  }

  async canReadScheme(caller: Principal | null, schemeId: string, tx?: RepositorySet): Promise<boolean> {
    const readable = await this.readableSchemes(caller, tx);
    return !readable || readable.has(schemeId);
  }

  /**
   * One page of a listing, counting only what `keep` lets through: the storage listing is read in
   * batches, so `total` and the page agree with what the caller may see. Without `keep`, the page
   * as storage answers it.
   */
  async filteredPage<T>(
    request: PageRequest,
    fetch: (page: PageRequest) => Promise<Page<T>>,
    keep: Filter<T> | undefined,
  ): Promise<Page<T>> {
    if (!keep) return fetch(request);
    const items: T[] = [];
    let total = 0;
    await eachRow(fetch, async (item) => {
      if (!(await keep(item))) return;
      if (total >= request.offset && items.length < request.limit) items.push(item);
      total += 1;
    });
    return { items, total };
  }
}

async function eachRow<T>(
  fetch: (page: PageRequest) => Promise<Page<T>>,
  visit: (item: T) => Promise<void>,
): Promise<void> {
  for (let offset = 0; ; offset += BATCH) {
    const batch = await fetch({ offset, limit: BATCH });
    for (const item of batch.items) await visit(item);
    if (batch.items.length < BATCH || offset + BATCH >= batch.total) return;
  }
}
