import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { ReadContent } from '../content/content-reader.js';
import type { ContentService } from '../content/content-service.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { SearchIndex, SearchRequest, SearchResponse } from '../plugin/search-driver.js';
import type { Storage } from '../plugin/storage/index.js';
import { livesOnly, searchFilters, type SearchReadRoles } from './read-filter.js';
import { ReadableSuggest } from './readable-suggest.js';

export interface ContentSearchDependencies {
  storage: Storage;
  index: SearchIndex;
  content: ContentService;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** `CONTENT_APIS_ALLOW_ANONYMOUS`: anonymous callers search only when it is not `NONE`. */
  anonymousAccess: 'NONE' | 'READ' | 'WRITE';
  roles: SearchReadRoles;
}

export interface ContentSearchOptions {
  /** Live versions (the default) or working ones; only back-end users get working versions. */
  live?: boolean;
  /**
   * Whether the service picks the slot (live or working) itself. The content search API leaves it to
   * the query when the query names `live` or `working`, as the clients it serves write them; callers
   * who are not back-end users get live versions all the same.
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
 * Searches content for a caller: the request's query runs inside a filter that keeps the version
 * slot asked for (live versions only, for callers who are not back-end users) and what the caller
 * may read directly, version by version (`readableFilter`), so sizes, totals and aggregations count
 * only those; term suggestions, which engines draw from the whole index, are counted again inside
 * the same filter (`ReadableSuggest`). Administrators are not filtered by permissions (only by slot).
 */
export class ContentSearch {
  constructor(private readonly deps: ContentSearchDependencies) {}

  async search(
    caller: Principal | null,
    request: SearchRequest,
    options: ContentSearchOptions = {},
  ): Promise<ContentSearchResult> {
    if (!caller && this.deps.anonymousAccess === 'NONE') throw new CmsError(Errors.AUTH_INVALID_USER);
    const live = livesOnly(caller, this.deps.roles) || (options.live ?? true);
    const picksSlot = options.slot !== 'unless-named' || !namesSlot(request.query);
    const filter = searchFilters(caller, this.deps.roles, picksSlot ? (live ? 'live' : 'working') : undefined);
    const query = request.query ?? { match_all: {} };
    const suggest = request.suggest !== undefined ? new ReadableSuggest(this.deps.index, filter) : undefined;
    const response = await this.deps.index.search({
      ...request,
      query: { bool: { must: [query], filter } },
      ...(suggest ? { suggest: suggest.prepare(request.suggest) as SearchRequest['suggest'] } : {}),
    });
    if (suggest) response.suggest = await suggest.finish(response.suggest);
    return { response, items: await this.itemsOf(response), live };
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
