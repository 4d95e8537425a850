import { batchCheck } from './event-shapes.js';
import { batchProblem, IngestErrors, showValue, type BatchProblem } from './ingest-problem.js';
import type { RejectedBatch } from './ingest-outcome.js';
import type { IngestContext } from './normalised-event.js';
import { shapeProblems } from './shape-problems.js';
import { withoutNulls } from './without-nulls.js';

/** A batch whose context is usable and whose events are still to be checked one by one. */
export interface ReadBatch {
  kind: 'read';
  context: IngestContext;
  events: unknown[];
}

/** The members of the context every event needs; an empty string counts as missing. */
const CONTEXT_IDS = ['site_auth', 'session_id', 'user_id'] as const;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const rejected = (reason: RejectedBatch['reason'], errors: BatchProblem[]): RejectedBatch => ({
  kind: 'rejected',
  reason,
  errors,
});

/** UTF-8 bytes or text → parsed JSON, or undefined when it is neither. */
function parseJson(body: Uint8Array | string): unknown {
  try {
    // The decoder drops a leading byte-order mark, which JSON.parse would refuse; do the same for text.
    const text = typeof body === 'string' ? body.replace(/^\uFEFF/, '') : utf8.decode(body);
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the body and checks what the whole batch depends on: that it is a JSON object, its size,
 * and its context. Problems here refuse the batch, all of them listed at once.
 *
 * The size is checked before the context: a batch over the limit is refused whatever else is wrong
 * with it, and counting costs nothing.
 */
export function readBatch(body: Uint8Array | string, maxEvents: number): ReadBatch | RejectedBatch {
  const parsed = parseJson(body);
  if (parsed === undefined) return rejected('invalid', [batchProblem(IngestErrors.INVALID_JSON, null)]);
  const batch = withoutNulls(parsed);
  if (typeof batch !== 'object' || batch === null || Array.isArray(batch)) {
    return rejected('invalid', [
      batchProblem(IngestErrors.INVALID_JSON_OBJECT_TYPE, null, { value: showValue(batch) }),
    ]);
  }
  const { events } = batch as { events?: unknown };
  if (Array.isArray(events) && events.length > maxEvents) {
    return rejected('too_large', [
      batchProblem(IngestErrors.EVENTS_TOO_MANY, 'events', { max: maxEvents, count: events.length }),
    ]);
  }

  const problems: BatchProblem[] = [];
  for (const { entry, path, params } of shapeProblems(batchCheck, batch)) {
    if (entry === IngestErrors.REQUIRED_FIELD_MISSING && path === 'context') {
      // Name what is needed rather than the empty group: the client learns all three at once.
      for (const id of CONTEXT_IDS) {
        problems.push(batchProblem(entry, `context.${id}`, { field: `context.${id}` }));
      }
    } else {
      problems.push(batchProblem(entry, path, params));
    }
  }
  const context = (batch as { context?: Record<string, unknown> }).context;
  if (typeof context === 'object' && !Array.isArray(context)) {
    for (const id of CONTEXT_IDS) {
      const value = context[id];
      if (typeof value === 'string' && value.trim() === '') {
        problems.push(batchProblem(IngestErrors.REQUIRED_FIELD_MISSING, `context.${id}`, { field: `context.${id}` }));
      }
    }
  }
  if (Array.isArray(events) && events.length === 0) problems.push(batchProblem(IngestErrors.EVENTS_EMPTY, 'events'));
  if (problems.length > 0) return rejected('invalid', problems);

  return { kind: 'read', context: contextOf(context as Record<string, unknown>), events: events as unknown[] };
}

/** The checked context, camelCased. */
function contextOf(context: Record<string, unknown>): IngestContext {
  const device = (context.device ?? {}) as Record<string, string | undefined>;
  return {
    siteAuth: context.site_auth as string,
    sessionId: context.session_id as string,
    userId: context.user_id as string,
    device: {
      ...(device.screen_resolution === undefined ? {} : { screenResolution: device.screen_resolution }),
      ...(device.language === undefined ? {} : { language: device.language }),
      ...(device.viewport_width === undefined ? {} : { viewportWidth: device.viewport_width }),
      ...(device.viewport_height === undefined ? {} : { viewportHeight: device.viewport_height }),
    },
  };
}
