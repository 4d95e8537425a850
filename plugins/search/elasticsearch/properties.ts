import { defineProperties } from '../../../core/plugin/kit.js';

export const ELASTICSEARCH_PROPERTIES = defineProperties({
  'search.elasticsearch.url': {
    type: 'list',
    default: [],
    group: 'Search',
    description:
      'The Elasticsearch (8 or 9) or OpenSearch (2) node(s) the `elasticsearch` search driver talks to, comma-separated (`https://es1:9200,https://es2:9200`): requests are spread over them and a node that fails is left out for a while. Required when `search.driver=elasticsearch`.',
  },
  'search.elasticsearch.username': {
    group: 'Search',
    description:
      'User for HTTP Basic authentication with `search.elasticsearch.password`. Leave unset for an API key or no authentication.',
  },
  'search.elasticsearch.password': {
    group: 'Search',
    secret: true,
    description: 'Password of `search.elasticsearch.username`. Never logged nor quoted in messages.',
  },
  'search.elasticsearch.api.key': {
    group: 'Search',
    secret: true,
    description:
      'An Elasticsearch API key (the base64 `id:api_key` that `POST /_security/api_key` answers as `encoded`), sent as `Authorization: ApiKey …`; used instead of username and password.',
  },
  'search.elasticsearch.tls.ca.file': {
    group: 'Search',
    description:
      'A PEM file of the certificate authority that signed the nodes’ certificates (such as Elasticsearch’s generated `http_ca.crt`), relative to the working directory; unset: the system’s trusted authorities.',
  },
  'search.elasticsearch.tls.reject.unauthorized': {
    type: 'bool',
    default: true,
    group: 'Search',
    description:
      'Whether an `https` node’s certificate must be valid and trusted. Turn off only for a throw-away test cluster: anyone between the service and the cluster could read the credentials.',
  },
  'search.elasticsearch.index.prefix': {
    default: 'cms',
    group: 'Search',
    description:
      'Names of this installation’s indices: searches and writes go to the alias `<prefix>-content`, which points at the concrete index `<prefix>-content-<timestamp>` (a rebuild fills a new one and swaps the alias). Lower case, no spaces; give installations sharing a cluster different prefixes.',
    validate: (value) =>
      /^[a-z0-9][a-z0-9_.-]*$/.test(value)
        ? undefined
        : 'lower-case letters, digits, `_`, `-` and `.`, starting with a letter or a digit',
  },
  'search.elasticsearch.index.shards': {
    type: 'int',
    default: 1,
    min: 1,
    max: 64,
    group: 'Search',
    description:
      'Primary shards of an index the driver creates (applies at the next creation or rebuild). One shard keeps scores and term counts exact; more spread a large index over nodes.',
  },
  'search.elasticsearch.index.replicas': {
    type: 'int',
    default: 1,
    min: 0,
    max: 16,
    group: 'Search',
    description:
      'Replicas of each shard of an index the driver creates. 0 on a single-node cluster (a replica can never be placed there, and the index stays yellow).',
  },
  'search.elasticsearch.request.timeout.ms': {
    type: 'int',
    default: 30_000,
    min: 100,
    group: 'Search',
    description:
      'How long one request to Elasticsearch may take before it is abandoned (and tried on another node, up to `search.elasticsearch.max.retries` times); the caller then gets a 503.',
  },
  'search.elasticsearch.max.retries': {
    type: 'int',
    default: 3,
    min: 0,
    max: 10,
    group: 'Search',
    description:
      'How many times a request that failed to connect or timed out is retried, on another node when there is one.',
  },
});
