import type { Client } from '@elastic/elasticsearch';
import type { Logger } from '../../../core/plugin/kit.js';
import { indexBody, type IndexLayout } from './mapping.js';

/** The names of one installation's indices, from `search.elasticsearch.index.prefix`. */
export interface IndexNames {
  /** What is searched and written: the alias. */
  alias: string;
  /** A new concrete index: `<prefix>-content-<UTC timestamp to the millisecond>`, digits only (index names are lower case). */
  concrete(now?: Date): string;
  /** Whether an index name is one of this prefix's concrete indices. */
  isConcrete(name: string): boolean;
  /** A pattern matching them, for listing. */
  pattern: string;
}

export function indexNames(prefix: string): IndexNames {
  const alias = `${prefix}-content`;
  const concreteName = new RegExp(`^${prefix.replace(/[.]/g, '\\.')}-content-\\d{17}$`);
  return {
    alias,
    concrete: (now = new Date()) => `${alias}-${now.toISOString().replace(/\D/g, '')}`,
    isConcrete: (name) => concreteName.test(name),
    pattern: `${alias}-*`,
  };
}

/** The concrete indices the alias points at (one, unless someone edited the aliases by hand). */
export async function aliasTargets(client: Client, names: IndexNames): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: names.alias });
  if (!exists) return [];
  return Object.keys(await client.indices.getAlias({ name: names.alias }));
}

/**
 * Makes sure the alias exists, creating its first concrete index with the mapping when it does
 * not. Two processes starting at once on an empty cluster both try: the alias is created as the
 * write index (`is_write_index`), which ES lets only one index be, so the second creation fails
 * and that process, finding the alias now there, drops nothing and goes on with the winner's.
 */
export async function ensureAlias(
  client: Client,
  names: IndexNames,
  layout: IndexLayout,
  logger: Logger,
): Promise<string[]> {
  const targets = await aliasTargets(client, names);
  if (targets.length > 0) return targets;
  const index = names.concrete();
  try {
    await client.indices.create({ index, ...indexBody(layout), aliases: { [names.alias]: { is_write_index: true } } });
    logger.info({ index, alias: names.alias }, 'Elasticsearch: created the search index');
    return [index];
  } catch (error) {
    const after = await aliasTargets(client, names);
    if (after.length === 0) throw error;
    return after;
  }
}

/**
 * Concrete indices of this prefix the alias does not point at: a rebuild in progress in another
 * process, or one that died half-way. Left alone (deleting another process's rebuild would break
 * it) but logged, so that an operator can delete leftovers.
 */
export async function logStaleIndices(
  client: Client,
  names: IndexNames,
  current: string[],
  logger: Logger,
): Promise<string[]> {
  const all = Object.keys(await client.indices.getAlias({ index: names.pattern }));
  const stale = all.filter((name) => names.isConcrete(name) && !current.includes(name)).sort();
  if (stale.length > 0)
    logger.warn(
      { alias: names.alias, indices: stale },
      'Elasticsearch: indices of this prefix that the alias does not point at (a rebuild running elsewhere, or left over by one that failed; delete them if none runs)',
    );
  return stale;
}
