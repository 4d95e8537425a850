import type { Principal } from '../auth/principal.js';
import type { SearchIndex } from '../plugin/search-driver.js';
import { parseLuceneQuery } from './lucene-query.js';
import { searchFilters, type SearchReadRoles } from './read-filter.js';

/**
 * Turns a relationship's Lucene query into the identifiers of the items of the related type it
 * matches that the caller (who saves) may read.
 */
export type RelatedQueryResolver = (lucene: string, relatedType: string, caller: Principal) => Promise<string[]>;

/** Most items one query may relate: a query meant for one item that matches thousands is a mistake. */
export const MAX_RELATED_BY_QUERY = 1000;

/**
 * The legacy relationship form (`+contentType:Author +Author.name:jane*` instead of identifiers),
 * resolved through the search index: working versions of the related type, best matches first,
 * kept to what the caller may search (as `ContentSearch` keeps them), so that neither the items
 * related nor a count of them tells the caller about content they may not read.
 */
export function relatedQueryResolver(index: SearchIndex, roles: SearchReadRoles): RelatedQueryResolver {
  return async (lucene, relatedType, caller) => {
    const answer = await index.search({
      query: {
        bool: {
          must: [parseLuceneQuery(lucene)],
          filter: [{ term: { contenttype: relatedType.toLowerCase() } }, ...searchFilters(caller, roles, 'working')],
        },
      },
      size: MAX_RELATED_BY_QUERY,
    });
    const identifiers = answer.hits.hits.map((hit) => hit._source.identifier);
    return [...new Set(identifiers.filter((id): id is string => typeof id === 'string'))];
  };
}
