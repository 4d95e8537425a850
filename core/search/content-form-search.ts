import { isBackEndUser } from '../auth/back-end-user.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Storage } from '../plugin/storage/index.js';
import type { ContentSearch, ContentSearchResult } from './content-search.js';
import { contentSearchFormQuery, type ContentSearchForm } from './content-search-form.js';
import { parseSortSpec } from './sort-spec.js';

/** Items per page when the form names none (or 0). */
export const DEFAULT_PER_PAGE = 20;
/** The order when the form names none: the most recently changed first. */
const DEFAULT_ORDER = 'modDate desc';

/**
 * The v1 content search by form, for back-end users as in the original: the working versions the
 * form's query matches, among those the caller may read (the search keeps to them inside the engine).
 * `page` counts from 1 (0 is the first page too); `perPage` items a page.
 */
export class ContentFormSearch {
  constructor(
    private readonly deps: {
      storage: Storage;
      definitions: DefinitionCache;
      contentSearch: ContentSearch;
      backEndUserRoleId: string;
    },
  ) {}

  async search(principal: Principal, form: ContentSearchForm): Promise<ContentSearchResult> {
    if (!isBackEndUser(principal, this.deps.backEndUserRoleId)) throw new CmsError(Errors.AUTH_BACKEND_USER_REQUIRED);
    const definitions = await this.deps.definitions.in(this.deps.storage);
    const query = await contentSearchFormQuery(form, definitions);
    const perPage = form.perPage && form.perPage > 0 ? form.perPage : DEFAULT_PER_PAGE;
    const page = form.page && form.page > 1 ? form.page : 1;
    const sort = parseSortSpec(orderOf(form));
    return this.deps.contentSearch.search(
      principal,
      { query, from: (page - 1) * perPage, size: perPage, ...(sort.length > 0 ? { sort } : {}) },
      { live: false },
    );
  }
}

/**
 * The order as the original's form search reads it: `modDate desc` when none (or when relevance is
 * asked without any content type to score against), and `__wfstep__` for the workflow step's name.
 */
function orderOf(form: ContentSearchForm): string {
  const orderBy = form.orderBy?.trim() ?? '';
  if (orderBy === '') return DEFAULT_ORDER;
  const types = Object.keys(form.searchableFieldsByContentType ?? {});
  if (orderBy.toLowerCase() === 'score,moddate desc' && types.length === 0) return DEFAULT_ORDER;
  if (orderBy.endsWith('__wfstep__')) return 'wfCurrentStepName';
  if (orderBy.endsWith('__wfstep__ desc')) return 'wfCurrentStepName desc';
  return orderBy;
}
