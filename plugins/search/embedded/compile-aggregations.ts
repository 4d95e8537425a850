import { invalid } from './compile-query.js';

/** A `terms` aggregation: the most frequent values of a field among the matching documents. */
export interface AggregationQuery {
  name: string;
  field: string;
  size: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Only `terms` (with `field` and `size`) so far; any other aggregation is refused, naming it. */
export function compileAggregations(aggs: unknown): AggregationQuery[] {
  if (aggs === undefined) return [];
  if (!isObject(aggs)) throw invalid('aggs', 'expected an object of named aggregations');
  return Object.entries(aggs).map(([name, spec]) => {
    const path = `aggs.${name}`;
    if (!isObject(spec)) throw invalid(path, 'expected an object');
    for (const kind of Object.keys(spec))
      if (kind !== 'terms') throw invalid(`${path}.${kind}`, `the aggregation "${kind}" is not supported`);
    const terms = spec.terms;
    if (!isObject(terms) || typeof terms.field !== 'string')
      throw invalid(`${path}.terms.field`, 'expected a field name');
    for (const key of Object.keys(terms))
      if (key !== 'field' && key !== 'size') throw invalid(`${path}.terms.${key}`, `"${key}" is not supported`);
    const size = terms.size ?? 10;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
      throw invalid(`${path}.terms.size`, 'expected a non-negative integer');
    return { name, field: terms.field.toLowerCase(), size };
  });
}
