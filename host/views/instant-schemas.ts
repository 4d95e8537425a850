import { Type } from '@sinclair/typebox';

/** An instant as milliseconds since the epoch, as most views write times. */
export const EpochMillisSchema = Type.Integer({ description: 'Milliseconds since the epoch' });

/**
 * An instant as UTC ISO 8601 text (`2025-06-09T12:30:00.000Z`). Described by a pattern, not the
 * `date-time` format: TypeBox's checker knows no format unless one is registered.
 */
export const IsoInstantSchema = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$',
  description: 'UTC ISO 8601',
});
