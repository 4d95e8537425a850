import type { IngestContext, NormalisedEvent } from './normalised-event.js';

/** The members of a checked event this module reads; the shapes guarantee their types. */
interface CheckedEvent {
  event_type: string;
  local_time?: string;
  /** Absent only on a custom event. */
  data?: {
    page?: { url?: string; title?: string };
    content?: { identifier?: string; inode?: string; title?: string; content_type?: string };
    conversion?: { name?: string };
    position?: { viewport_offset_pct?: number; dom_index?: number };
  };
}

/** The session key: the session id and the UTC date of receipt (sessions reset at midnight UTC). */
export function sessionKeyOf(sessionId: string, receivedAt: Date): string {
  return `${sessionId}:${receivedAt.toISOString().slice(0, 10)}`;
}

/** What every event of a batch shares about its receipt, worked out once per batch rather than per event. */
export interface BatchReceipt {
  /** When the service received the batch, UTC ISO 8601. */
  receivedAt: string;
  /** See {@link sessionKeyOf}. */
  sessionKey: string;
}

/** The receipt of a batch from `context`'s session, received at `receivedAt`. */
export function batchReceipt(context: IngestContext, receivedAt: Date): BatchReceipt {
  return { receivedAt: receivedAt.toISOString(), sessionKey: sessionKeyOf(context.sessionId, receivedAt) };
}

/**
 * One checked event as a row (see {@link NormalisedEvent}). Give it only an event its shape has
 * accepted: it reads members without checking them again.
 */
export function normaliseEvent(event: unknown, context: IngestContext, receipt: BatchReceipt): NormalisedEvent {
  const { event_type, local_time, data = {} } = event as CheckedEvent;
  return {
    eventType: event_type,
    sessionId: context.sessionId,
    sessionKey: receipt.sessionKey,
    userId: context.userId,
    receivedAt: receipt.receivedAt,
    localTime: local_time ?? null,
    pageUrl: data.page?.url ?? null,
    pageTitle: data.page?.title ?? null,
    contentIdentifier: data.content?.identifier ?? null,
    contentInode: data.content?.inode ?? null,
    contentTitle: data.content?.title ?? null,
    contentType: data.content?.content_type ?? null,
    conversionName: data.conversion?.name ?? null,
    viewportOffsetPct: data.position?.viewport_offset_pct ?? null,
    domIndex: data.position?.dom_index ?? null,
    screenResolution: context.device.screenResolution ?? null,
    language: context.device.language ?? null,
    viewportWidth: context.device.viewportWidth ?? null,
    viewportHeight: context.device.viewportHeight ?? null,
    dataJson: JSON.stringify(data),
  };
}
