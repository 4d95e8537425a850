import { defineErrors } from '../error-entry.js';

// NOTE: these codes have no area prefix: the tracking library and the original's clients read them
// as the original spells them. The ingest answer lists them as `{code, field, message}` (and
// `eventIndex` for a problem of one event), not in the usual envelope.

/** The analytics ingest endpoint: problems of a batch of tracking events and of its events. */
export const analyticsIngestErrors = defineErrors('analytics ingest', {
  REQUIRED_FIELD_MISSING: {
    kind: 'invalid',
    message: 'Required field is missing: {field}',
    meaning:
      'A member the batch (`context.site_auth`, `context.session_id`, `context.user_id`, `events`) or an event of its type needs is absent or null. For an event, the message names the path inside the event and `eventIndex` the event.',
  },
  UNKNOWN_FIELD: {
    kind: 'invalid',
    message: "Unknown field '{field}'",
    meaning:
      'A member outside the shape of the batch or of the event type. Only custom events and the `custom` members of pageviews and conversions take free members.',
  },
  INVALID_STRING_TYPE: {
    kind: 'invalid',
    message: 'Field value is not a String: {value}',
    meaning:
      'A member that must be a string (every page, content, element and device member; `event_type`, which must also not be empty) is another JSON type.',
  },
  INVALID_NUMBER_TYPE: {
    kind: 'invalid',
    message: 'Field value is not a Number: {value}',
    meaning:
      '`position.viewport_offset_pct` is not a JSON number, or `position.dom_index` not a JSON integer. A string holding digits ("18") is not a number.',
  },
  INVALID_FIELD_VALUE: {
    kind: 'invalid',
    message: 'Field value is {problem}: {value}',
    meaning:
      'A member has the right type but a value the service cannot store: a string longer than its limit (255 characters for identifiers, names, types, `local_time` and device members; 16,384 for page URLs and titles and content titles), or a `dom_index` outside -2147483648 to 2147483647.',
  },
  INVALID_JSON_OBJECT_TYPE: {
    kind: 'invalid',
    message: 'Field value is not an Object: {value}',
    meaning: 'The body, `context`, `context.device`, an event, its `data` or one of its groups is not a JSON object.',
  },
  INVALID_JSON_ARRAY_TYPE: {
    kind: 'invalid',
    message: 'Field value is not an Array: {value}',
    meaning: '`events` or `element.attributes` (strings of the form `<name>:<value>`) is not a JSON array.',
  },
  INVALID_DATE_FORMAT: {
    kind: 'invalid',
    message: 'Field value is not an ISO 8601 date and time with offset: {value}',
    meaning:
      "`local_time` must be the visitor's local time with its UTC offset, such as `2025-06-09T14:30:00+02:00`; it is stored as sent.",
  },
  INVALID_JSON: {
    kind: 'invalid',
    message: 'The request body is not valid JSON',
    meaning: 'The body cannot be read as UTF-8 JSON. Nothing of the batch is stored.',
  },
  EVENTS_EMPTY: {
    kind: 'invalid',
    message: 'At least one event is required: events',
    meaning: 'A batch carries one or more events; an empty `events` array stores nothing.',
  },
  INVALID_SITE_AUTH: {
    kind: 'invalid',
    message: 'Invalid site auth: context.site_auth',
    meaning:
      "`context.site_auth` is no site's current key: mistyped, replaced (a new key stops the old one at once) or never set. Nothing of the batch is stored. The value is not repeated.",
  },
  EVENTS_TOO_MANY: {
    kind: 'too_large',
    message: 'A batch holds at most {max} events; this one has {count}',
    meaning: 'The batch has more events than the service takes in one request; send it in smaller batches.',
  },
});
