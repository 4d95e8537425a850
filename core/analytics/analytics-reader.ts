import { isBackEndUser } from '../auth/back-end-user.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { AnalyticsSummary, StoredAnalyticsEvent } from '../model/analytics-event.js';
import type { Site } from '../model/site.js';
import type { Storage } from '../plugin/storage/index.js';
import { authoriseSite } from '../site/authorise-site.js';
import { readRange, type AnalyticsRangeText } from './read-range.js';

/** Events a page holds unless the caller asks otherwise, and at most. */
export const ANALYTICS_EVENTS_PAGE = { default: 100, max: 1000 } as const;

export interface AnalyticsReaderDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** The seeded `backend user` role: with administrators, the only callers who read analytics. */
  backEndUserRoleId: string;
}

/** Which of a site's events to read: the site by identifier or name, the bounds as the client wrote them. */
export interface AnalyticsReadQuery extends AnalyticsRangeText {
  siteId: string;
}

export interface AnalyticsEventQuery extends AnalyticsReadQuery {
  eventType?: string;
  sessionId?: string;
  userId?: string;
  /** 1 to `ANALYTICS_EVENTS_PAGE.max` (checked by the caller); `ANALYTICS_EVENTS_PAGE.default` when left out. */
  limit?: number;
  offset?: number;
}

/** A page of events, newest first, with how many match in all and the page it is. */
export interface AnalyticsEventsView {
  events: StoredAnalyticsEvent[];
  total: number;
  limit: number;
  offset: number;
}

/** The figures, with the site (its identifier) and the bounds they cover, in UTC (null: unbounded). */
export interface AnalyticsSummaryView extends AnalyticsSummary {
  siteId: string;
  from: string | null;
  to: string | null;
}

/**
 * The read side of analytics: a site's events and their summary, for back-end users holding READ on
 * the site (administrators always). The bounds are checked first, then who asks: a front-end user
 * is refused whatever the site, a back-end user learns whether the site exists, then whether they
 * may read it.
 */
export class AnalyticsReader {
  constructor(private readonly deps: AnalyticsReaderDependencies) {}

  async events(caller: Principal, query: AnalyticsEventQuery): Promise<AnalyticsEventsView> {
    const range = readRange(query);
    const site = await this.authorise(caller, query.siteId);
    const limit = query.limit ?? ANALYTICS_EVENTS_PAGE.default;
    const offset = query.offset ?? 0;
    const page = await this.deps.storage.analyticsEvents.list({
      ...range,
      siteId: site.identifier,
      eventType: query.eventType,
      sessionId: query.sessionId,
      userId: query.userId,
      limit,
      offset,
    });
    return { ...page, limit, offset };
  }

  async summary(caller: Principal, query: AnalyticsReadQuery): Promise<AnalyticsSummaryView> {
    const range = readRange(query);
    const site = await this.authorise(caller, query.siteId);
    const summary = await this.deps.storage.analyticsEvents.summary({ ...range, siteId: site.identifier });
    return {
      siteId: site.identifier,
      from: range.from?.toISOString() ?? null,
      to: range.to?.toISOString() ?? null,
      ...summary,
    };
  }

  private async authorise(caller: Principal, siteIdOrName: string): Promise<Site> {
    if (!isBackEndUser(caller, this.deps.backEndUserRoleId)) throw new CmsError(Errors.AUTH_BACKEND_USER_REQUIRED);
    return authoriseSite(this.deps, this.deps.storage, { caller, site: siteIdOrName, permission: 'READ' });
  }
}
