import { errors, type Client } from '@elastic/elasticsearch';
import {
  ConflictError,
  DEFAULT_SEARCH_LIMITS,
  InvalidError,
  UnavailableError,
  resultWindowTooLarge,
  searchTimedOut,
  type IndexRebuild,
  type Logger,
  type SearchDocument,
  type SearchHit,
  type SearchIndex,
  type SearchLimits,
  type SearchRequest,
  type SearchResponse,
} from '../../../core/plugin/kit.js';
import { givenSource, indexedDocument } from './documents.js';
import { elasticReason, isWindowRefusal, translateError } from './errors.js';
import { aliasTargets, ensureAlias, indexNames, logStaleIndices, type IndexNames } from './index-names.js';
import { indexBody, type IndexLayout } from './mapping.js';
import { translateRequest } from './translate-request.js';

export interface ElasticsearchIndexOptions {
  client: Client;
  /** The node URLs without credentials, for messages. */
  shownNodes: string;
  prefix: string;
  layout: IndexLayout;
  /** The window and the time budget of a search (the service's properties). */
  limits?: SearchLimits;
  logger: Logger;
}

/**
 * Opens the index: the cluster must answer (else a start-up error naming the nodes), and the alias
 * `<prefix>-content` must exist (created, with its first concrete index, when it does not).
 */
export async function openElasticsearchIndex(options: ElasticsearchIndexOptions): Promise<SearchIndex> {
  const { client, shownNodes, layout, logger } = options;
  const names = indexNames(options.prefix);
  try {
    await client.info();
  } catch (error) {
    // Answered with an error (credentials refused, a proxy's page) is not the same fix as silence.
    const answered = error instanceof errors.ResponseError;
    throw new Error(
      `Elasticsearch at ${shownNodes} ${answered ? 'refuses the service' : 'does not answer'}: ${elasticReason(error)}`,
    );
  }
  let current: string[];
  try {
    current = await ensureAlias(client, names, layout, logger);
    await logStaleIndices(client, names, current, logger);
  } catch (error) {
    throw new Error(`Elasticsearch at ${shownNodes}: cannot open the index ${names.alias}: ${elasticReason(error)}`);
  }
  logger.info({ alias: names.alias, indices: current }, 'Elasticsearch: search index open');
  return new ElasticsearchIndex(client, names, layout, {
    logger,
    location: `${shownNodes}/${names.alias}`,
    limits: options.limits ?? DEFAULT_SEARCH_LIMITS,
  });
}

type BulkOperation = { index: { _index: string; _id: string } } | { delete: { _index: string; _id: string } };

class ElasticsearchIndex implements SearchIndex {
  private rebuilding: string | undefined;

  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
    private readonly layout: IndexLayout,
    private readonly context: {
      logger: Logger;
      /** The nodes (without credentials) and the alias: processes sharing storage must share it. */
      location: string;
      limits: SearchLimits;
    },
  ) {}

  get location(): string {
    return this.context.location;
  }

  private get logger(): Logger {
    return this.context.logger;
  }

  index(documents: readonly SearchDocument[]): Promise<void> {
    return this.indexInto(this.names.alias, documents);
  }

  remove(ids: readonly string[]): Promise<void> {
    return this.removeFrom(this.names.alias, ids);
  }

  /**
   * The budget goes two ways: as the request's `timeout`, which bounds ES's own work per shard (its
   * answer then says `timed_out`, with partial hits, refused here rather than answered as complete),
   * and as the request's abort signal: at the budget the connection closes, which makes ES cancel
   * the search task, and the caller gets its answer at once.
   */
  async search(request: SearchRequest): Promise<SearchResponse> {
    const { limits } = this.context;
    const body = translateRequest(request, limits);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let answer: Record<string, unknown>;
    try {
      answer = (await this.client.search(
        { index: this.names.alias, ...body, timeout: `${limits.timeoutMs}ms` },
        { signal },
      )) as unknown as Record<string, unknown>;
    } catch (error) {
      if (signal.aborted) throw searchTimedOut(limits);
      // An index created before the window changed keeps its own: its refusal is answered alike.
      if (isWindowRefusal(error)) throw resultWindowTooLarge(limits);
      throw translateError(error, 'search', this.logger);
    }
    if (answer.timed_out === true) throw searchTimedOut(limits);
    return this.response(answer, body);
  }

  async refresh(): Promise<void> {
    await this.call('refresh', () => this.client.indices.refresh({ index: this.names.alias }));
  }

  async rebuild(): Promise<IndexRebuild> {
    if (this.rebuilding !== undefined)
      throw new ConflictError(
        `The search index ${this.names.alias} is being rebuilt already (into ${this.rebuilding})`,
      );
    const target = this.names.concrete();
    this.rebuilding = target;
    try {
      await this.call('create the rebuild index', () =>
        this.client.indices.create({ index: target, ...indexBody(this.layout) }),
      );
    } catch (error) {
      this.rebuilding = undefined;
      throw error;
    }
    this.logger.info({ alias: this.names.alias, index: target }, 'Elasticsearch: rebuilding the search index');
    let over = false;
    const open = () => {
      if (over) throw new ConflictError(`The rebuild into ${target} is over`);
    };
    const finish = () => {
      over = true;
      this.rebuilding = undefined;
    };
    return {
      index: async (documents) => (open(), this.indexInto(target, documents)),
      remove: async (ids) => (open(), this.removeFrom(target, ids)),
      complete: async () => {
        open();
        await this.call('refresh the rebuilt index', () => this.client.indices.refresh({ index: target }));
        const previous = await this.call('read the alias', () => aliasTargets(this.client, this.names));
        // One `_aliases` call: ES applies its actions atomically, so no search sees no index or both.
        await this.call('swap the alias', () =>
          this.client.indices.updateAliases({
            actions: [
              ...previous.map((index) => ({ remove: { index, alias: this.names.alias } })),
              { add: { index: target, alias: this.names.alias, is_write_index: true } },
            ],
          }),
        );
        finish();
        this.logger.info(
          { alias: this.names.alias, index: target, previous },
          'Elasticsearch: rebuilt index swapped in',
        );
        // The swap is what completes a rebuild: an old index that cannot be dropped now is only
        // a leftover (logged, and listed again at the next open), not a failed rebuild.
        if (previous.length > 0)
          await this.client.indices
            .delete({ index: previous.join(',') })
            .catch((error: unknown) =>
              this.logger.warn(
                { indices: previous, reason: elasticReason(error) },
                'Elasticsearch: could not delete the index a rebuild replaced',
              ),
            );
      },
      abandon: async () => {
        open();
        finish();
        await this.call('delete the abandoned rebuild', () => this.client.indices.delete({ index: target }));
      },
    };
  }

  /**
   * Makes what this process wrote searchable before letting go (the next process to open, or a
   * test that reopens, should not depend on ES's refresh interval), but briefly: a cluster that
   * is down must not hold up shutdown.
   */
  async close(): Promise<void> {
    try {
      await this.client.indices.refresh({ index: this.names.alias }, { requestTimeout: 2000, maxRetries: 0 });
    } catch (error) {
      this.logger.warn({ reason: elasticReason(error) }, 'Elasticsearch: could not refresh the index on close');
    }
    await this.client.close();
  }

  /** One bulk request per batch, not refreshed (`refresh()` makes it searchable, or ES's own interval). */
  private async indexInto(index: string, documents: readonly SearchDocument[]): Promise<void> {
    // Every document is checked before anything is sent: a bad one fails the batch with nothing written.
    const bodies = documents.map((document, position) => indexedDocument(document, position));
    await this.bulk(bodies.flatMap((body, i) => [{ index: { _index: index, _id: documents[i]!.id } }, body]));
  }

  private async removeFrom(index: string, ids: readonly string[]): Promise<void> {
    await this.bulk(ids.map((id) => ({ delete: { _index: index, _id: id } })));
  }

  private async bulk(operations: Array<BulkOperation | Record<string, unknown>>): Promise<void> {
    if (operations.length === 0) return;
    const answer = await this.call('bulk', () => this.client.bulk({ operations, refresh: false }));
    if (!answer.errors) return;
    for (const item of answer.items) {
      const [action, result] = Object.entries(item)[0]!;
      if (result.error === undefined || result.error === null) continue;
      // Deleting an id the index does not hold is not an error (the contract ignores unknown ids).
      if (action === 'delete' && result.status === 404) continue;
      const reason = `${result.error.type}: ${result.error.reason ?? ''}`;
      const message = `Search document "${result._id}" was not ${action === 'delete' ? 'removed' : 'indexed'}: ${reason}`;
      if (result.status === 429 || result.status === 503)
        throw new UnavailableError(`Search is unavailable: ${message}`, { retryAfterSeconds: 5 });
      if (result.status === 400) throw new InvalidError(message, { fieldName: 'id' });
      this.logger.error({ id: result._id, status: result.status, reason }, 'Elasticsearch: bulk item failed');
      throw new Error(message);
    }
  }

  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translateError(error, what, this.logger);
    }
  }

  /** ES's answer in the contract's shape: a total as an object (OpenSearch may answer a number), the document as given. */
  private response(answer: Record<string, unknown>, body: Record<string, unknown>): SearchResponse {
    const hits = (answer.hits ?? {}) as {
      total?: unknown;
      max_score?: number | null;
      hits?: Array<Record<string, unknown>>;
    };
    const found = hits.hits ?? [];
    // `track_total_hits: false` leaves the total out: then all that is known is "at least these".
    const total =
      typeof hits.total === 'number'
        ? { value: hits.total, relation: 'eq' as const }
        : ((hits.total as SearchResponse['hits']['total'] | undefined) ?? {
            value: Number(body.from ?? 0) + found.length,
            relation: 'gte' as const,
          });
    const response: SearchResponse = {
      took: Number(answer.took ?? 0),
      timed_out: answer.timed_out === true,
      hits: {
        total: { value: total.value, relation: total.relation },
        max_score: hits.max_score ?? null,
        hits: found.map((hit) => {
          const out: SearchHit = {
            _index: this.names.alias,
            _id: String(hit._id),
            _score: (hit._score as number | null | undefined) ?? null,
            _source: givenSource((hit._source ?? {}) as Record<string, unknown>),
          };
          if (body.sort !== undefined && Array.isArray(hit.sort)) out.sort = hit.sort;
          return out;
        }),
      },
    };
    if (answer.aggregations !== undefined) response.aggregations = answer.aggregations as Record<string, unknown>;
    if (answer.suggest !== undefined) response.suggest = answer.suggest as Record<string, unknown>;
    return response;
  }
}
