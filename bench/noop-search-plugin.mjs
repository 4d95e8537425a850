// A search driver that keeps nothing: the benchmark's "indexing off" yardstick for the cost that
// indexing adds to a Publish fire. Loaded as a third-party plugin (`plugins=./bench/noop-search-plugin.mjs`).
const empty = { took: 0, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] } };

export default {
  name: 'bench-noop-search',
  apiVersion: 1,
  description: 'Keeps no index (benchmarks only)',
  setup: () => ({
    searchDrivers: [
      {
        name: 'noop',
        open: async () => ({
          index: async () => {},
          remove: async () => {},
          search: async () => empty,
          rebuild: async () => ({
            index: async () => {},
            remove: async () => {},
            complete: async () => {},
            abandon: async () => {},
          }),
          close: async () => {},
        }),
      },
    ],
  }),
};
