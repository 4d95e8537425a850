import type { ErrorDetail } from '../../core/errors/index.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The response envelope of the workflow, content-type and navigation interfaces. */
export interface Envelope {
  entity: unknown;
  errors: ErrorDetail[];
  messages: unknown[];
  i18nMessagesMap: Record<string, string>;
  permissions: string[];
  pagination?: Pagination;
}

export interface Pagination {
  currentPage: number;
  perPage: number;
  totalEntries: number;
}

export function envelope(entity: unknown, extras: { messages?: unknown[]; pagination?: Pagination } = {}): Envelope {
  const out: Envelope = { entity, errors: [], messages: extras.messages ?? [], i18nMessagesMap: {}, permissions: [] };
  if (extras.pagination) out.pagination = extras.pagination;
  return out;
}

/** The error envelope, with a top-level `message` so that clients of either style can read it. */
export function errorEnvelope(message: string, errors: ErrorDetail[]): Envelope & { message: string } {
  return { message, entity: null, errors, messages: [], i18nMessagesMap: {}, permissions: [] };
}
