/**
 * What the batch says about the visitor, shared by its events: checked, with `device` members
 * present only when sent.
 */
export interface IngestContext {
  /** `<site name>.<token>`: the endpoint checks it against the site keys before anything is stored. */
  siteAuth: string;
  sessionId: string;
  userId: string;
  device: {
    screenResolution?: string;
    language?: string;
    viewportWidth?: string;
    viewportHeight?: string;
  };
}

/**
 * One event ready to be stored: a flat row for a multi-row insert, one column per member. Columns
 * (snake_case, as the storage names them): `event_type`, `session_id`, `session_key`, `user_id`,
 * `received_at`, `local_time`, `page_url`, `page_title`, `content_identifier`, `content_inode`,
 * `content_title`, `content_type`, `conversion_name`, `viewport_offset_pct`, `dom_index`,
 * `screen_resolution`, `language`, `viewport_width`, `viewport_height`, `data_json`.
 *
 * The searchable members are copied into their own columns; `dataJson` keeps the event's whole
 * `data` (utm, element, referrer, custom …), so nothing the tracker sends is lost. Members sent as
 * null are left out of it (they count as absent), except inside `custom`, which is kept as sent.
 * A member the event does not have is null. Strings in columns of their own are at most 255
 * characters (`pageUrl`, `pageTitle`, `contentTitle`: 16,384): the shapes refuse longer ones. The site is not here: the endpoint knows it from the
 * site key and adds it.
 */
export interface NormalisedEvent {
  /** `pageview`, `content_impression`, `content_click`, `conversion` or a custom event's name. */
  eventType: string;
  sessionId: string;
  /**
   * `session_id:YYYY-MM-DD`, the UTC date of receipt: sessions reset at midnight UTC, so the same
   * browser session continued after midnight UTC counts as a new one (not the visitor's midnight).
   */
  sessionKey: string;
  userId: string;
  /** When the service received the batch, UTC ISO 8601 (`2025-06-09T12:30:00.000Z`). */
  receivedAt: string;
  /** The visitor's local time with its offset, exactly as sent (`2025-06-09T14:30:00+02:00`); null when not sent. */
  localTime: string | null;
  pageUrl: string | null;
  pageTitle: string | null;
  contentIdentifier: string | null;
  contentInode: string | null;
  contentTitle: string | null;
  contentType: string | null;
  conversionName: string | null;
  /** Signed: negative when the content lies above the scroll position. Not a 0-100 percentage. */
  viewportOffsetPct: number | null;
  domIndex: number | null;
  screenResolution: string | null;
  language: string | null;
  viewportWidth: string | null;
  viewportHeight: string | null;
  /** The event's `data` object as JSON text (see above for nulls). */
  dataJson: string;
}
