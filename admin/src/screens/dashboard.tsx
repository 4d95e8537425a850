import { useEffect, useState } from 'preact/hooks';
import { api, type Envelope } from '../api.js';
import { BarChart, TimeChart } from '../components/chart.js';
import { Empty, Failure, Loading } from '../components/status.js';
import { formatCount } from '../format.js';
import type { AnalyticsSummary, Site } from '../model.js';
import { useRequest } from '../use-request.js';
import { Figure, TopList } from './dashboard-parts.js';

const RANGES = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/** The analytics of one site over a time range, drawn from the summary endpoint. */
export function Dashboard() {
  useEffect(() => {
    document.title = 'Analytics · Back office';
  }, []);
  const [sites, reloadSites] = useRequest(
    async (signal) =>
      (await api<Envelope<Site[]>>('GET', '/api/v1/site?per_page=500', undefined, { signal })).entity.filter(
        (s) => !s.systemHost && !s.archived,
      ),
    [],
  );
  const [siteId, setSiteId] = useState('');
  const [days, setDays] = useState<number>(7);
  const chosen = siteId || (sites.state === 'done' ? (sites.value[0]?.identifier ?? '') : '');

  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" tabIndex={-1}>
        Analytics
      </h1>
      {sites.state === 'loading' && <Loading what="sites" />}
      {sites.state === 'failed' && <Failure error={sites.error} retry={reloadSites} />}
      {sites.state === 'done' && sites.value.length === 0 && <Empty>There are no sites to show analytics for.</Empty>}
      {sites.state === 'done' && sites.value.length > 0 && (
        <>
          <div class="filters">
            <div class="field">
              <label for="dashboard-site">Site</label>
              <select id="dashboard-site" value={chosen} onChange={(e) => setSiteId(e.currentTarget.value)}>
                {sites.value.map((site) => (
                  <option key={site.identifier} value={site.identifier}>
                    {site.siteName}
                  </option>
                ))}
              </select>
            </div>
            <div class="field">
              <label for="dashboard-range">Time range</label>
              <select
                id="dashboard-range"
                value={String(days)}
                onChange={(e) => setDays(Number(e.currentTarget.value))}
              >
                {RANGES.map((range) => (
                  <option key={range.days} value={String(range.days)}>
                    {range.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Figures siteId={chosen} days={days} />
        </>
      )}
    </section>
  );
}

function Figures(props: { siteId: string; days: number }) {
  const [summary, reload] = useRequest(
    async (signal) => {
      const to = Date.now();
      const from = to - props.days * 86_400_000;
      const query = new URLSearchParams({ siteId: props.siteId, from: new Date(from).toISOString() });
      const answer = await api<Envelope<AnalyticsSummary>>(
        'GET',
        `/api/v1/analytics/content/summary?${query}`,
        undefined,
        {
          signal,
        },
      );
      return { ...answer.entity, from, to };
    },
    [props.siteId, props.days],
  );
  if (summary.state === 'loading') return <Loading what="figures" />;
  if (summary.state === 'failed') return <Failure error={summary.error} retry={reload} />;
  const s = summary.value;
  const types = Object.entries(s.totals).sort((a, b) => b[1] - a[1]);
  const events = types.reduce((sum, [, n]) => sum + n, 0);
  if (events === 0) return <Empty>No events were received for this site in this time range.</Empty>;
  return (
    <div class="dashboard">
      <dl class="kpis">
        <div>
          <dt>Events</dt>
          <dd>{formatCount(events)}</dd>
        </div>
        <div>
          <dt>Pageviews</dt>
          <dd>{formatCount(s.totals.pageview ?? 0)}</dd>
        </div>
        <div>
          <dt>Sessions</dt>
          <dd>{formatCount(s.sessions)}</dd>
        </div>
        <div>
          <dt>Visitors</dt>
          <dd>{formatCount(s.uniqueVisitors)}</dd>
        </div>
      </dl>
      <Figure
        id="pageviews"
        title="Pageviews per day"
        rows={s.pageviewsByDay.map((d) => [d.day, d.count])}
        heads={['Day (UTC)', 'Pageviews']}
      >
        {s.pageviewsByDay.length === 0 ? (
          <Empty>No pageviews in this range.</Empty>
        ) : (
          <TimeChart
            from={s.from}
            to={s.to}
            days={s.pageviewsByDay.map((d) => d.day)}
            counts={s.pageviewsByDay.map((d) => d.count)}
            label="Pageviews"
          />
        )}
      </Figure>
      <Figure id="types" title="Events by type" rows={types} heads={['Type', 'Events']}>
        <BarChart names={types.map(([t]) => t)} counts={types.map(([, n]) => n)} label="Events" />
      </Figure>
      <Figure
        id="conversions"
        title="Conversions"
        rows={s.conversions.map((c) => [c.name, c.count])}
        heads={['Conversion', 'Count']}
      >
        {s.conversions.length === 0 ? (
          <Empty>No conversions in this range.</Empty>
        ) : (
          <BarChart
            names={s.conversions.map((c) => c.name)}
            counts={s.conversions.map((c) => c.count)}
            label="Conversions"
          />
        )}
      </Figure>
      <TopList
        title="Top pages"
        empty="No pageviews in this range."
        items={s.topPages.map((p) => ({ name: p.url, count: p.count }))}
      />
      <TopList
        title="Top content (impressions)"
        empty="No content impressions in this range."
        items={s.topContentByImpressions.map((c) => ({ name: c.title || c.identifier, count: c.count }))}
      />
      <TopList
        title="Top content (clicks)"
        empty="No content clicks in this range."
        items={s.topContentByClicks.map((c) => ({ name: c.title || c.identifier, count: c.count }))}
      />
    </div>
  );
}
