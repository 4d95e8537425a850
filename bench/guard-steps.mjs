// The steps of `npm run bench:guard`: short runs of the read, nav, fire, search and analytics-ingest
// benchmarks, each answering figures that stay put on a shared machine (guard-figures.mjs): a
// request rate as a share of the bare server's rate measured just before it, or the CPU time the
// service spent per operation. Each step starts a service of its own and warms up before measuring.
import { ingestBodies } from './analytics-batches.mjs';
import {
  analyticsCredentials,
  countSqliteEvents,
  eventsPerCpuSecond,
  ingestProblems,
  ingestWithCpu,
  warmUpIngest,
} from './analytics-service.mjs';
import { cpuFigure, medianFigure, ratioFigure } from './guard-figures.mjs';
import {
  ADMIN_JSON,
  BENCH_PASSWORD,
  MYSQL_URL,
  PUBLISH_ACTION,
  READ_SERVICE_ENV,
  createApiKey,
  createBenchType,
  measure,
  mysqlServer,
  signIn,
  startBenchService,
  withScratchDatabase,
} from './lib.mjs';
import { NAV_PATH, buildNavSite } from './nav-site.mjs';
import { withProcessCpu } from './proc-cpu.mjs';
import { publishFiresWithCpu } from './publish-fires.mjs';
import { SEARCHES, corpusItem, publishAll, reindex, searchLoad } from './search-corpus.mjs';

/** Seconds of each measured autocannon run (BENCH_GUARD_SECONDS), and of the warm-up before it. */
const SECONDS = Number(process.env.BENCH_GUARD_SECONDS ?? 2);
const WARM_UP_SECONDS = 1;
/** Runs of each figure (BENCH_GUARD_ROUNDS); the figure is their median (guard-figures.mjs). */
const ROUNDS = Number(process.env.BENCH_GUARD_ROUNDS ?? 3);
/** Fires measured in all, after a tenth as many to warm up: enough for a steady CPU figure. */
const FIRES = { sqlite: 1500, mariadb: 600 };
/** Items in the search step's index: loading them is the longest part of the guard. */
const SEARCH_ITEMS = 2000;
const INGEST = { batch: 100, bodies: 256, connections: 32 };

const note = (line) => process.stderr.write(`  ${line}\n`);

/**
 * Ratio figures: every target and the bare server (`bare`, autocannon options) warmed up, then
 * ROUNDS rounds of the bare server measured and each target (`[id, what, options]`) right after it,
 * each target's figure the median of its rounds' ratios.
 */
async function ratios(bare, targets) {
  for (const options of [bare, ...targets.map(([, , o]) => o)]) {
    await measure('warm-up', { ...options, duration: WARM_UP_SECONDS });
  }
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const bareRate = (await measure('bare', { ...bare, duration: SECONDS })).requestsPerSecond;
    for (const [index, [id, what, options]] of targets.entries()) {
      const { requestsPerSecond } = await measure(what, { ...options, duration: SECONDS });
      note(`${id}: ${requestsPerSecond}/s, bare ${bareRate}/s`);
      runs[index].push(ratioFigure(id, what, requestsPerSecond, bareRate));
    }
  }
  return runs.map(medianFigure);
}

/** Reads of the signed-in administrator (session cookie): who am I, and one item. */
export async function readStep({ bareUrl, port }) {
  const service = await startBenchService({ port, env: READ_SERVICE_ENV });
  try {
    const cookie = (await signIn(service.base, 'admin@cms.com', BENCH_PASSWORD)).find((c) =>
      c.startsWith('JSESSIONID='),
    );
    await createBenchType(service.call);
    const fired = await service.call('PUT', `/api/v1/workflow/actions/${PUBLISH_ACTION}/fire`, {
      contentletFormData: corpusItem(1),
    });
    const item = `${service.base}/api/v1/content/${fired.entity.identifier}`;
    return await ratios({ url: bareUrl }, [
      [
        'read.users-current',
        'GET /api/v1/users/current, session cookie',
        { url: `${service.base}/api/v1/users/current`, headers: { cookie } },
      ],
      ['read.content', 'GET /api/v1/content/{id}, session cookie', { url: item, headers: { cookie } }],
    ]);
  } finally {
    await service.stop();
  }
}

/** The cached navigation tree of bench:nav's site (1,020 folders and pages), as a browser asks for it. */
export async function navStep({ bareUrl, port }) {
  const service = await startBenchService({ port, env: READ_SERVICE_ENV });
  try {
    const site = await buildNavSite(service.call);
    note(`nav site: ${site.items} folders and pages in ${site.seconds.toFixed(1)} s`);
    const key = await createApiKey(service.base, { authorization: ADMIN_JSON.authorization });
    const headers = { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip, deflate, br' };
    return await ratios({ url: bareUrl }, [
      ['nav.depth3', `GET ${NAV_PATH}, cached, API key, gzip accepted`, { url: service.base + NAV_PATH, headers }],
    ]);
  } finally {
    await service.stop();
  }
}

/** CPU per Publish fire on a new item (bench:fire's load, a fixed number of fires), indexing included. */
async function fireFigure({ id, label, port, env, fires }) {
  const service = await startBenchService({ port, env });
  try {
    await createBenchType(service.call);
    await publishFiresWithCpu(service, 'warm-up', { amount: fires / 10 });
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const run = await publishFiresWithCpu(service, `Publish (${label})`, { amount: Math.round(fires / ROUNDS) });
      note(
        `${id}: ${run.total} fires, ${run.requestsPerSecond}/s; index up to date ${run.indexLag.toFixed(1)} s after`,
      );
      if (run.cpuPerFire === undefined) return [];
      runs.push(cpuFigure(id, `Publish on a new item, ${label}, until searchable`, run.cpuPerFire, 'fire'));
    }
    return [medianFigure(runs)];
  } finally {
    await service.stop();
  }
}

/** Fires on SQLite, and on MariaDB (a scratch database) when a server answers at CMS_TEST_MYSQL_URL. */
export async function fireStep({ port }) {
  const figures = await fireFigure({ id: 'fire.sqlite', label: 'SQLite', port, env: {}, fires: FIRES.sqlite });
  const admin = await mysqlServer(MYSQL_URL);
  if (!admin) return figures;
  try {
    const mariadb = await withScratchDatabase(admin, MYSQL_URL, (url) =>
      fireFigure({
        id: 'fire.mariadb',
        label: 'MariaDB',
        port,
        env: { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url },
        fires: FIRES.mariadb,
      }),
    );
    return [...figures, ...mariadb];
  } finally {
    await admin.end();
  }
}

/**
 * bench:search's items, a few thousand of them: CPU per item of a bulk reindex (the second: the
 * first warms up), and a term query and a query_string against a bare server answering a POST.
 */
export async function searchStep({ bareUrl, port }) {
  const service = await startBenchService({ port });
  try {
    await createBenchType(service.call);
    const loaded = await publishAll(service.call, SEARCH_ITEMS, true);
    note(`search: ${SEARCH_ITEMS} items searchable after ${loaded.searchable.toFixed(1)} s`);
    await reindex(service.call);
    const reindexRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { cpuSeconds } = await withProcessCpu(service.child.pid, () => reindex(service.call));
      if (cpuSeconds === undefined) break;
      const what = `bulk reindex of ${SEARCH_ITEMS.toLocaleString('en')} items`;
      reindexRuns.push(cpuFigure('index.reindex', what, cpuSeconds / SEARCH_ITEMS, 'item'));
    }
    const figures = reindexRuns.length === ROUNDS ? [medianFigure(reindexRuns)] : [];
    const bare = { url: bareUrl, method: 'POST', headers: ADMIN_JSON, body: JSON.stringify(SEARCHES.term[2]) };
    const search = (id, which) => [
      id,
      `${SEARCHES[which][0]} on ${SEARCH_ITEMS.toLocaleString('en')} items`,
      searchLoad(service.base, SEARCHES[which]),
    ];
    return [
      ...figures,
      ...(await ratios(bare, [search('search.term', 'term'), search('search.query-string', 'queryString')])),
    ];
  } finally {
    await service.stop();
  }
}

/** Analytics ingest on SQLite in batches of 100: CPU per event, after checking none was lost. */
export async function ingestStep({ port }) {
  const service = await startBenchService({ port });
  try {
    const { siteAuth } = await analyticsCredentials(service.base);
    const bodies = ingestBodies(siteAuth, INGEST.batch, INGEST.bodies, INGEST.batch);
    const load = { base: service.base, pid: service.child.pid, bodies, connections: INGEST.connections };
    await warmUpIngest(service.base, bodies[0]);
    await ingestWithCpu({ ...load, seconds: WARM_UP_SECONDS });
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const stored = countSqliteEvents(service.dataDir);
      const run = await ingestWithCpu({ ...load, seconds: SECONDS });
      const problems = ingestProblems(run, countSqliteEvents(service.dataDir) - stored);
      if (problems.length > 0) throw new Error(`ingest: ${problems.join('; ')}`);
      const perCpuSecond = eventsPerCpuSecond(run);
      note(`ingest.sqlite: ${run.counts.acknowledged} events, ${Math.round(perCpuSecond ?? 0)} per CPU-second`);
      if (perCpuSecond === undefined) return [];
      const what = `analytics events in batches of ${INGEST.batch}, SQLite`;
      runs.push(cpuFigure('ingest.sqlite', what, 1 / perCpuSecond, 'event'));
    }
    return [medianFigure(runs)];
  } finally {
    await service.stop();
  }
}
