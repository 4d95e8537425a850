import { reply, route } from '../http/route.js';
import { ReindexProgressSchema } from '../views/search-view.js';
import { defineRoutes } from './route-module.js';

/**
 * The whole index rebuilt from storage, by administrators: started in the background (202 with the
 * progress), then followed with GET. One runs at a time (409 SEARCH_REINDEX_RUNNING). Also under the
 * original's paths (`/api/v1/esindex/reindex`), which answer the same.
 */
export default defineRoutes('search-index', ['reindexer'], ({ reindexer }) =>
  ['/api/v1/search/reindex', '/api/v1/esindex/reindex'].flatMap((path) => [
    route({
      method: 'POST',
      path,
      access: 'admin',
      summary: 'Starts rebuilding the search index from storage; answers its progress',
      answers: { 409: 'a reindex is running already' },
      response: { schema: ReindexProgressSchema, status: 202 },
      handler: () => reply(reindexer.start(), { status: 202 }),
    }),
    route({
      method: 'GET',
      path,
      access: 'admin',
      summary: 'The progress of the running or last reindex',
      response: { schema: ReindexProgressSchema },
      handler: () => reindexer.status(),
    }),
  ]),
);
