import type { NormalisedEvent } from '../../kit.js';

/**
 * An analytics event as the ingest hands it to storage: a pageview of session `sA` by `u1`, with
 * every column the test does not name empty. The session key follows the session and the UTC date.
 */
export function normalisedEvent(
  overrides: Partial<NormalisedEvent> & Pick<NormalisedEvent, 'receivedAt'>,
): NormalisedEvent {
  const sessionId = overrides.sessionId ?? 'sA';
  return {
    eventType: 'pageview',
    sessionId,
    sessionKey: `${sessionId}:${overrides.receivedAt.slice(0, 10)}`,
    userId: 'u1',
    localTime: null,
    pageUrl: null,
    pageTitle: null,
    contentIdentifier: null,
    contentInode: null,
    contentTitle: null,
    contentType: null,
    conversionName: null,
    viewportOffsetPct: null,
    domIndex: null,
    screenResolution: null,
    language: null,
    viewportWidth: null,
    viewportHeight: null,
    dataJson: '{}',
    ...overrides,
  };
}
