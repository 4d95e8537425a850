import { InvalidInputError } from '../../core/errors.js';
import type { Page, PageRequest } from '../../core/model/page.js';
import type { Pagination } from './envelope.js';
import { reply, type Reply } from './route.js';

const MAX_PER_PAGE = 500;

/** `page` (1-based) and `per_page` of the query string. */
export function readPaging(query: URLSearchParams, defaultPerPage = 50): PageRequest & { page: number } {
  const page = positiveInt(query.get('page'), 1, 'page');
  const limit = Math.min(
    positiveInt(query.get('per_page') ?? query.get('perPage'), defaultPerPage, 'per_page'),
    MAX_PER_PAGE,
  );
  return { page, limit, offset: (page - 1) * limit };
}

export function pagination(paging: { page: number; limit: number }, total: number): Pagination {
  return { currentPage: paging.page, perPage: paging.limit, totalEntries: total };
}

/** A listing endpoint's answer: reads the paging parameters, fetches one page, maps it, adds `pagination`. */
export async function pagedReply<T>(
  query: URLSearchParams,
  fetch: (page: PageRequest) => Promise<Page<T>>,
  view: (item: T) => unknown | Promise<unknown>,
): Promise<Reply> {
  const paging = readPaging(query);
  const page = await fetch(paging);
  return reply(await Promise.all(page.items.map(view)), { pagination: pagination(paging, page.total) });
}

function positiveInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new InvalidInputError('HTTP_QUERY_INVALID', `Query parameter ${name} must be a positive integer`, {
      fieldName: name,
    });
  }
  return Number(value);
}
