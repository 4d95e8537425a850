import { AnalyticsReader } from '../../core/analytics/analytics-reader.js';
import { SiteKeyService } from '../../core/analytics/site-key-service.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { AnalyticsIngest, ingestWorkerCount } from '../analytics/ingest-pool.js';
import { declare } from './declare.js';

/** Analytics: the sites' keys, the ingest of events (on worker threads) and what is read back. */
export const analyticsServices = {
  siteKeys: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): SiteKeyService => new SiteKeyService(d),
  }),
  analyticsReader: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): AnalyticsReader => new AnalyticsReader({ ...d, backEndUserRoleId: SEED_IDS.backendUserRole }),
  }),
  analyticsIngest: declare({
    needs: ['settings', 'storage', 'startedWith'],
    build: ({ settings, storage, startedWith }): AnalyticsIngest =>
      new AnalyticsIngest({
        ...settings.analytics,
        workers: ingestWorkerCount(settings.analytics.workers, storage),
        data: startedWith,
      }),
  }),
};
