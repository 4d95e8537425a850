import { InvalidInputError } from '../../core/errors.js';
import type { PageRequest } from '../../core/model/page.js';
import type { Pagination } from './envelope.js';

const MAX_PER_PAGE = 500;

/** `page` (1-based) and `per_page` of the query string. */
export function readPaging(query: URLSearchParams, defaultPerPage = 50): PageRequest & { page: number } {
  const page = positiveInt(query.get('page'), 1, 'page');
  const limit = Math.min(positiveInt(query.get('per_page') ?? query.get('perPage'), defaultPerPage, 'per_page'), MAX_PER_PAGE);
  return { page, limit, offset: (page - 1) * limit };
}

export function pagination(paging: { page: number; limit: number }, total: number): Pagination {
  return { currentPage: paging.page, perPage: paging.limit, totalEntries: total };
}

function positiveInt(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new InvalidInputError('HTTP_QUERY_INVALID', `Query parameter ${name} must be a positive integer`, { fieldName: name });
  }
  return Number(value);
}
