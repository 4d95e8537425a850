import { invalid } from './search-request-members.js';

/** A request's `sort`: its entries, in order; ties end in index order. */
export interface CompiledSort {
  entries: SortEntry[];
  /** Whether hits are ordered by score alone (then they carry their `_score`). */
  byScoreOnly: boolean;
  /** Whether the request sorts (then hits carry their `sort` values). */
  reported: boolean;
  /** The sort is one field (lower-cased) and nothing else: a page can be read off that field's index. */
  single?: { field: string; direction: Order };
}

export type Order = 'asc' | 'desc';
export type SortEntry = { by: '_score' | '_doc'; direction: Order } | { by: 'field'; field: string; direction: Order };

function orderOf(value: unknown, path: string): Order {
  if (value === 'asc' || value === 'desc') return value;
  throw invalid(path, 'expected "asc" or "desc"');
}

/** One sort entry: `"field"`, `{ field: "desc" }` or `{ field: { order: "desc" } }`. */
function entryOf(entry: unknown, path: string): { field: string; order: Order | undefined } {
  if (typeof entry === 'string') return { field: entry, order: undefined };
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    const members = Object.entries(entry);
    if (members.length !== 1) throw invalid(path, 'expected one field per sort entry');
    const [field, spec] = members[0]!;
    if (typeof spec === 'string') return { field, order: orderOf(spec, `${path}.${field}`) };
    if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) {
      for (const key of Object.keys(spec))
        if (key !== 'order') throw invalid(`${path}.${field}.${key}`, `"${key}" is not supported in sort`);
      const order = (spec as { order?: unknown }).order;
      return { field, order: order === undefined ? undefined : orderOf(order, `${path}.${field}.order`) };
    }
  }
  throw invalid(path, 'expected a field name or { field: order }');
}

/**
 * Field values sort as Elasticsearch's do: the smallest value of a multi-valued field ascending,
 * the largest descending, documents without the field last. Ties keep index order.
 */
export function compileSort(sort: unknown): CompiledSort {
  if (sort === undefined) return { entries: [{ by: '_score', direction: 'desc' }], byScoreOnly: true, reported: false };
  const list = Array.isArray(sort) ? sort : [sort];
  const entries: SortEntry[] = list.map((raw, i) => {
    const { field, order } = entryOf(raw, Array.isArray(sort) ? `sort[${i}]` : 'sort');
    if (field === '_score') return { by: '_score', direction: order ?? 'desc' };
    if (field === '_doc') return { by: '_doc', direction: order ?? 'asc' };
    return { by: 'field', field: field.toLowerCase(), direction: order ?? 'asc' };
  });
  const only = entries.length === 1 ? entries[0]! : undefined;
  return {
    entries,
    byScoreOnly: entries.every((e) => e.by === '_score'),
    reported: true,
    ...(only?.by === 'field' ? { single: { field: only.field, direction: only.direction } } : {}),
  };
}
