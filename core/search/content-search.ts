import { isBackEndUser } from '../auth/back-end-user.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { ReadContent } from '../content/content-reader.js';
import type { ContentService } from '../content/content-service.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { SearchIndex, SearchRequest, SearchResponse } from '../plugin/search-driver.js';
import type { Storage } from '../plugin/storage-driver.js';

export interface ContentSearchDependencies {
  storage: Storage;
  index: SearchIndex;
  content: ContentService;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** `CONTENT_APIS_ALLOW_ANONYMOUS`: anonymous callers search only when it is not `NONE`. */
  anonymousAccess: 'NONE' | 'READ' | 'WRITE';
  roles: { anonymous: string; backendUser: string };
}

export interface ContentSearchOptions {
  /** Live versions (the default) or working ones; only back-end users get working versions. */
  live?: boolean;
  /**
   * Whether the service picks the slot (live or working) itself. The content search API leaves it to
   * the query when the query names `live` or `working`, as the clients it serves write them.
   */
  slot?: 'always' | 'unless-named';
}

export interface ContentSearchResult {
  response: SearchResponse;
  /** The items of the hits, in hit order (an item removed since it was indexed is left out). */
  items: ReadContent[];
  /** Whether live versions were searched (what the caller asked, as far as the caller may). */
  live: boolean;
}

/**
 * Searches content for a caller: the request's query runs inside a filter that keeps what the caller
 * may READ (the documents' permission data: one of the caller's roles, or the owner when owners
 * may read) and the version slot asked for, so sizes, totals and aggregations count only those.
 * Administrators are not filtered by permissions.
 */
export class ContentSearch {
  constructor(private readonly deps: ContentSearchDependencies) {}

  async search(
    caller: Principal | null,
    request: SearchRequest,
    options: ContentSearchOptions = {},
  ): Promise<ContentSearchResult> {
    if (!caller && this.deps.anonymousAccess === 'NONE') throw new CmsError(Errors.AUTH_INVALID_USER);
    const live = isBackEndUser(caller, this.deps.roles.backendUser) ? (options.live ?? true) : true;
    const filter: Record<string, unknown>[] = [];
    if (options.slot !== 'unless-named' || !namesSlot(request.query))
      filter.push({ term: { [live ? 'live' : 'working']: true } });
    const permissions = this.permissionFilter(caller, live);
    if (permissions) filter.push(permissions);
    const query = request.query ?? { match_all: {} };
    const response = await this.deps.index.search({ ...request, query: { bool: { must: [query], filter } } });
    return { response, items: await this.itemsOf(response), live };
  }

  /** Documents a role of the caller may read, or that the caller owns when owners may read them. */
  private permissionFilter(caller: Principal | null, live: boolean): Record<string, unknown> | undefined {
    if (caller?.admin) return undefined;
    const roles = new Set((caller?.roleIds ?? []).map((id) => id.toLowerCase()));
    // A live read counts the anonymous role's grants for everyone, as the permission checks do.
    if (live || !caller) roles.add(this.deps.roles.anonymous.toLowerCase());
    const should: Record<string, unknown>[] = [{ terms: { permissions: [...roles] } }];
    if (caller)
      should.push({
        bool: { filter: [{ term: { owner: caller.user.userId.toLowerCase() } }, { term: { ownercanread: true } }] },
      });
    return { bool: { should, minimum_should_match: 1 } };
  }

  private async itemsOf(response: SearchResponse): Promise<ReadContent[]> {
    const { storage, content } = this.deps;
    const definitions = await this.deps.definitions.in(storage);
    const items: ReadContent[] = [];
    for (const hit of response.hits.hits) {
      const inode = hit._source.inode;
      if (typeof inode !== 'string') continue;
      const contentlet = await content.getByInode(storage, inode).catch(() => undefined);
      const type = contentlet && (await definitions.contentType(contentlet.identifier.contentTypeId));
      if (!contentlet || !type) continue;
      items.push({ contentlet, type, fields: await definitions.fields(type.id) });
    }
    return items;
  }
}

/** Whether a query names the `live` or `working` field anywhere (then it picks the slot itself). */
function namesSlot(query: unknown): boolean {
  if (Array.isArray(query)) return query.some(namesSlot);
  if (typeof query !== 'object' || query === null) return false;
  for (const [key, value] of Object.entries(query)) {
    const name = key.toLowerCase();
    if (name === 'live' || name === 'working') return true;
    if (name === 'field' && typeof value === 'string' && /^(live|working)$/i.test(value)) return true;
    if (namesSlot(value)) return true;
  }
  return false;
}
