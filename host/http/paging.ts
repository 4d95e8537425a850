import { Type, type Static } from '@sinclair/typebox';
import type { Page, PageRequest } from '../../core/model/page.js';
import type { Pagination } from './envelope.js';
import { reply, type Reply } from './route.js';

const MAX_PER_PAGE = 500;
const DEFAULT_PER_PAGE = 50;
const PositiveInt = Type.Integer({ minimum: 1, maximum: 999_999_999 });

/** `page` (1-based) and `per_page` (also `perPage`) of a listing's query string. */
export const PagingQuery = Type.Object({
  page: Type.Optional(PositiveInt),
  per_page: Type.Optional(PositiveInt),
  perPage: Type.Optional(PositiveInt),
});
export type PagingQuery = Static<typeof PagingQuery>;

export function readPaging(query: PagingQuery): PageRequest & { page: number } {
  const page = query.page ?? 1;
  const limit = Math.min(query.per_page ?? query.perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, limit, offset: (page - 1) * limit };
}

export function pagination(paging: { page: number; limit: number }, total: number): Pagination {
  return { currentPage: paging.page, perPage: paging.limit, totalEntries: total };
}

/** A listing endpoint's answer: fetches one page, maps it, adds `pagination`. */
export async function pagedReply<T>(
  query: PagingQuery,
  fetch: (page: PageRequest) => Promise<Page<T>>,
  view: (item: T) => unknown | Promise<unknown>,
): Promise<Reply> {
  const paging = readPaging(query);
  const page = await fetch(paging);
  return reply(await Promise.all(page.items.map(view)), { pagination: pagination(paging, page.total) });
}
