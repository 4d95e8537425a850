import { CmsError } from '../errors/cms-error.js';
import { Errors } from '../errors/index.js';
import { indexFieldName } from './index-field-names.js';
import type { SortDsl } from './query-dsl.js';

/**
 * Reads the content search API's sort (`modDate desc,title asc`, the original's `sortBy`): items
 * separated by commas, each a field and an optional direction (`asc`, the default, or `desc`, in any
 * case). Fields are named as in queries (`indexFieldName`); `score` sorts by relevance (`_score`).
 * An empty sort is no sort; an unknown direction or an item with more words throws `SEARCH_SORT_INVALID`.
 */
export function parseSortSpec(sort: string): SortDsl[] {
  const criteria: SortDsl[] = [];
  for (const item of sort.split(',')) {
    const words = item.trim().split(/\s+/).filter(Boolean);
    const [field, direction = 'asc', ...rest] = words;
    if (field === undefined) {
      if (sort.trim() === '') return [];
      throw new CmsError(Errors.SEARCH_SORT_INVALID, { sort, reason: 'an item between commas is empty' });
    }
    if (rest.length > 0) {
      throw new CmsError(Errors.SEARCH_SORT_INVALID, { sort, reason: `"${item.trim()}" is not "field [asc|desc]"` });
    }
    const order = direction.toLowerCase();
    if (order !== 'asc' && order !== 'desc') {
      throw new CmsError(Errors.SEARCH_SORT_INVALID, {
        sort,
        reason: `"${direction}" is not a direction (asc or desc)`,
      });
    }
    const name = indexFieldName(field);
    criteria.push({ [name === 'score' ? '_score' : name]: { order } });
  }
  return criteria;
}
