import type { SearchIndex } from '../plugin/search-driver.js';
import { parseLuceneQuery } from './lucene-query.js';

/** Turns a relationship's Lucene query into the identifiers of the items of the related type it matches. */
export type RelatedQueryResolver = (lucene: string, relatedType: string) => Promise<string[]>;

/** Most items one query may relate: a query meant for one item that matches thousands is a mistake. */
export const MAX_RELATED_BY_QUERY = 1000;

/**
 * The legacy relationship form (`+contentType:Author +Author.name:jane*` instead of identifiers),
 * resolved through the search index: working versions of the related type, best matches first.
 */
export function relatedQueryResolver(index: SearchIndex): RelatedQueryResolver {
  return async (lucene, relatedType) => {
    const answer = await index.search({
      query: {
        bool: {
          must: [parseLuceneQuery(lucene)],
          filter: [{ term: { contenttype: relatedType.toLowerCase() } }, { term: { working: true } }],
        },
      },
      size: MAX_RELATED_BY_QUERY,
    });
    const identifiers = answer.hits.hits.map((hit) => hit._source.identifier);
    return [...new Set(identifiers.filter((id): id is string => typeof id === 'string'))];
  };
}
