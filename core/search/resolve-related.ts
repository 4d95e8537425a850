import type { Field } from '../model/field.js';

/** A relationship query's matches of a related type (the caller already bound). */
type Resolve = (lucene: string, relatedType: string) => Promise<string[]>;

/** A relationship field's stored value: identifiers and (until resolved) Lucene queries. */
interface RelationshipItems {
  items: string[];
}

function isRelationshipItems(value: unknown): value is RelationshipItems {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as RelationshipItems).items) &&
    (value as RelationshipItems).items.every((item) => typeof item === 'string')
  );
}

/**
 * Replaces the Lucene queries among relationship values (items holding a `:`) by the identifiers of
 * the related type's items they match, in place, keeping the order of what was sent and each
 * identifier once. Identifiers never hold a `:`, so they are left as they are.
 */
export async function resolveRelatedQueries(
  fields: readonly Field[],
  values: Record<string, unknown>,
  resolve: Resolve,
): Promise<void> {
  for (const field of fields) {
    const value = values[field.variable];
    if (!field.relationType || !isRelationshipItems(value) || !value.items.some((item) => item.includes(':'))) continue;
    const items: string[] = [];
    for (const item of value.items)
      items.push(...(item.includes(':') ? await resolve(item, field.relationType) : [item]));
    values[field.variable] = { ...value, items: [...new Set(items)] };
  }
}
