/**
 * A site's current analytics ingest key (`site_auth`), as stored: never the key itself, only its
 * hash and a masked form to show. One per site; a new one replaces it.
 */
export interface AnalyticsSiteKey {
  siteId: string;
  /** SHA-256 of the key, lower-case hex: what the ingest endpoint's look-up finds the site by. */
  keyHash: string;
  /** What may be shown of the key (`default.*****x9Qz`). */
  masked: string;
  createdAt: number;
  /** The user who generated or set it. */
  createdBy: string;
}
