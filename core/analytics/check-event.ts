import { eventChecks, isKnownEventType } from './event-shapes.js';
import { eventProblem, IngestErrors, showValue, type EventProblem } from './ingest-problem.js';
import { isLocalTimeWithOffset } from './local-time.js';
import { shapeProblems } from './shape-problems.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The problems of one event of a batch (null-free, see `withoutNulls`), in order: an empty list
 * means the event is stored. `event_type` picks the shape: one of the spec's four, or any other
 * name for a custom event. Without a usable `event_type` the event's shape is unknown, so that is
 * its only problem.
 */
export function checkEvent(event: unknown, eventIndex: number): EventProblem[] {
  if (!isObject(event)) {
    return [eventProblem(IngestErrors.INVALID_JSON_OBJECT_TYPE, eventIndex, '', { value: showValue(event) })];
  }
  const eventType = event.event_type;
  if (eventType === undefined) {
    return [eventProblem(IngestErrors.REQUIRED_FIELD_MISSING, eventIndex, 'event_type', { field: 'event_type' })];
  }
  if (typeof eventType !== 'string' || eventType.trim() === '') {
    // An empty name would store events nobody can ask for by type.
    return [eventProblem(IngestErrors.INVALID_STRING_TYPE, eventIndex, 'event_type', { value: showValue(eventType) })];
  }
  const check = eventChecks[isKnownEventType(eventType) ? eventType : 'custom'];
  if (check.Check(event)) return checkLocalTime(event, eventIndex);
  const problems = shapeProblems(check, event).map(({ entry, path, params }) =>
    eventProblem(entry, eventIndex, path, params),
  );
  // The format of local_time is a second look, after its type: a number there is already reported.
  if (!problems.some((problem) => problem.field.endsWith('].local_time'))) {
    problems.push(...checkLocalTime(event, eventIndex));
  }
  return problems;
}

function checkLocalTime(event: Record<string, unknown>, eventIndex: number): EventProblem[] {
  const localTime = event.local_time;
  if (typeof localTime !== 'string' || isLocalTimeWithOffset(localTime)) return [];
  return [eventProblem(IngestErrors.INVALID_DATE_FORMAT, eventIndex, 'local_time', { value: localTime })];
}
