import { invalid } from './search-request-members.js';
import type { Tables } from './schema.js';

/** The `sort` of a request as SQL: columns (`s0`, `s1`, ... in the select list) and an ORDER BY over them. */
export interface CompiledSort {
  columns: string[];
  params: unknown[];
  orderBy: string;
  /** Whether hits are ordered by score alone (then they carry their `_score`). */
  byScoreOnly: boolean;
  /** The sort is one field (lower-cased) and nothing else: a page can be read off that field's index. */
  single?: { field: string; direction: Order };
}

type Order = 'asc' | 'desc';

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
export function compileSort(sort: unknown, tables: Tables): CompiledSort {
  if (sort === undefined) return { columns: [], params: [], orderBy: 'm.score DESC, m.doc ASC', byScoreOnly: true };
  const list = Array.isArray(sort) ? sort : [sort];
  const columns: string[] = [];
  const params: unknown[] = [];
  const orderBy: string[] = [];
  let byScoreOnly = true;
  list.forEach((raw, i) => {
    const path = Array.isArray(sort) ? `sort[${i}]` : 'sort';
    const { field, order } = entryOf(raw, path);
    const alias = `s${columns.length}`;
    if (field === '_score') {
      columns.push('m.score');
      orderBy.push(`${alias} ${order === 'asc' ? 'ASC' : 'DESC'}`);
      return;
    }
    byScoreOnly = false;
    if (field === '_doc') {
      columns.push('m.doc');
      orderBy.push(`${alias} ${order === 'desc' ? 'DESC' : 'ASC'}`);
      return;
    }
    const direction = order ?? 'asc';
    columns.push(
      `(SELECT ${direction === 'asc' ? 'MIN' : 'MAX'}(f.value) FROM ${tables.fields} f WHERE f.doc = d.rowid AND f.field = ?)`,
    );
    params.push(field.toLowerCase());
    orderBy.push(`${alias} IS NULL, ${alias} ${direction.toUpperCase()}`);
  });
  orderBy.push('m.doc ASC');
  const only = list.length === 1 ? entryOf(list[0], 'sort') : undefined;
  const single =
    only && only.field !== '_score' && only.field !== '_doc'
      ? { field: only.field.toLowerCase(), direction: only.order ?? 'asc' }
      : undefined;
  return { columns, params, orderBy: orderBy.join(', '), byScoreOnly, ...(single ? { single } : {}) };
}
