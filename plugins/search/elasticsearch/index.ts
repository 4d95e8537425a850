import { DEFAULT_SEARCH_LIMITS, PLUGIN_API_VERSION, definePlugin, readProperties } from '../../../core/plugin/kit.js';
import { ELASTICSEARCH_PROPERTIES } from './properties.js';

/**
 * The `elasticsearch` search driver: Elasticsearch 8/9 or OpenSearch 2, for installations that run
 * several processes on several machines. See docs/search.md.
 */
export default definePlugin({
  name: 'search-elasticsearch',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Search in Elasticsearch or OpenSearch',
  properties: ELASTICSEARCH_PROPERTIES,
  setup: () => ({
    searchDrivers: [
      {
        name: 'elasticsearch',
        // The properties are read at open, not at set-up: an installation on another driver
        // needs no URL.
        open: async ({ config, logger, limits = DEFAULT_SEARCH_LIMITS }) => {
          // Loaded here, not with the plugin: installations on another driver never load the client.
          const { createClient } = await import('./client.js');
          const { openElasticsearchIndex } = await import('./elasticsearch-index.js');
          const { client, shownNodes } = createClient(config);
          const p = readProperties(config, ELASTICSEARCH_PROPERTIES);
          try {
            return await openElasticsearchIndex({
              client,
              shownNodes,
              prefix: p['search.elasticsearch.index.prefix'],
              layout: {
                shards: p['search.elasticsearch.index.shards'],
                replicas: p['search.elasticsearch.index.replicas'],
                maxResultWindow: limits.maxResultWindow,
              },
              limits,
              logger,
            });
          } catch (error) {
            await client.close();
            throw error;
          }
        },
      },
    ],
  }),
});
