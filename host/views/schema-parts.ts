import { Type, type TSchema } from '@sinclair/typebox';

/** A time as the views answer most of them: milliseconds since the epoch. */
export const EpochMillis = Type.Integer({ description: 'Milliseconds since the epoch' });

/** A member that is the schema's type or null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/**
 * A time as `Date.toISOString` writes it. A pattern rather than `format: 'date-time'`: the
 * answer checks of the tests know no formats.
 */
export const IsoInstant = Type.String({
  description: 'An ISO 8601 instant, in UTC',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
});
