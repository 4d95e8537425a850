import { Errors, formatMessage, type ErrorEntry } from '../errors/index.js';

/** The codes a problem of an ingest batch can carry (the `analytics ingest` area of the catalogue). */
export type IngestProblemCode =
  | 'REQUIRED_FIELD_MISSING'
  | 'UNKNOWN_FIELD'
  | 'INVALID_STRING_TYPE'
  | 'INVALID_NUMBER_TYPE'
  | 'INVALID_FIELD_VALUE'
  | 'INVALID_JSON_OBJECT_TYPE'
  | 'INVALID_JSON_ARRAY_TYPE'
  | 'INVALID_DATE_FORMAT'
  | 'INVALID_JSON'
  | 'EVENTS_EMPTY'
  | 'EVENTS_TOO_MANY'
  | 'INVALID_SITE_AUTH';

/**
 * A problem of the whole batch: the request is refused and nothing is stored. `field` is the path
 * from the batch root (`context.site_auth`), or null when the body itself is wrong.
 */
export interface BatchProblem {
  code: IngestProblemCode;
  field: string | null;
  message: string;
}

/**
 * A problem of one event: that event is not stored, the others are. `field` is the path from the
 * batch root (`events[0].data.page.url`); the message names the path inside the event
 * (`Required field is missing: data.page.url`), as the original does.
 */
export interface EventProblem {
  code: IngestProblemCode;
  field: string;
  message: string;
  eventIndex: number;
}

type IngestEntry = ErrorEntry<IngestProblemCode>;

/** A batch problem from its catalogue entry. */
export function batchProblem(
  entry: IngestEntry,
  field: string | null,
  params?: Readonly<Record<string, string | number>>,
): BatchProblem {
  return { code: entry.code, field, message: formatMessage(entry.message, params) };
}

/** An event problem from its catalogue entry; `path` is the member's path inside the event. */
export function eventProblem(
  entry: IngestEntry,
  eventIndex: number,
  path: string,
  params?: Readonly<Record<string, string | number>>,
): EventProblem {
  const field = path === '' ? `events[${eventIndex}]` : `events[${eventIndex}].${path}`;
  return { code: entry.code, field, message: formatMessage(entry.message, params), eventIndex };
}

/** How a wrong value reads in a message: strings as they are (`18`, not `"18"`), the rest as JSON. */
export function showValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // NOTE: a long value would echo a visitor's data back at length; cut it short.
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** The catalogue entries of the area, typed for the ingest module. */
export const IngestErrors = {
  REQUIRED_FIELD_MISSING: Errors.REQUIRED_FIELD_MISSING,
  UNKNOWN_FIELD: Errors.UNKNOWN_FIELD,
  INVALID_STRING_TYPE: Errors.INVALID_STRING_TYPE,
  INVALID_NUMBER_TYPE: Errors.INVALID_NUMBER_TYPE,
  INVALID_FIELD_VALUE: Errors.INVALID_FIELD_VALUE,
  INVALID_JSON_OBJECT_TYPE: Errors.INVALID_JSON_OBJECT_TYPE,
  INVALID_JSON_ARRAY_TYPE: Errors.INVALID_JSON_ARRAY_TYPE,
  INVALID_DATE_FORMAT: Errors.INVALID_DATE_FORMAT,
  INVALID_JSON: Errors.INVALID_JSON,
  EVENTS_EMPTY: Errors.EVENTS_EMPTY,
  EVENTS_TOO_MANY: Errors.EVENTS_TOO_MANY,
  INVALID_SITE_AUTH: Errors.INVALID_SITE_AUTH,
} as const satisfies Record<IngestProblemCode, IngestEntry>;
