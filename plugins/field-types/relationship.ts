import { FieldValueError, type FieldDefinitionView, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { listItems } from './submitted-value.js';

export type Cardinality = 'ONE_TO_MANY' | 'MANY_TO_MANY' | 'ONE_TO_ONE' | 'MANY_TO_ONE';

/** The original stores the cardinality in `values` as this index. */
const CARDINALITIES: readonly Cardinality[] = ['ONE_TO_MANY', 'MANY_TO_MANY', 'ONE_TO_ONE', 'MANY_TO_ONE'];
const SINGLE: ReadonlySet<Cardinality> = new Set<Cardinality>(['ONE_TO_ONE', 'MANY_TO_ONE']);
const IDENTIFIER = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{10})$/i;

export interface RelationshipValue {
  /** Content identifiers (lower case) and Lucene queries, in the order sent. */
  items: string[];
}

/** The cardinality from a `cardinality` field variable (name or index), else from `values` (index). */
export function relationshipCardinality(field: FieldDefinitionView): Cardinality | undefined {
  const variable = field.fieldVariables.find((v) => v.key === 'cardinality')?.value;
  return cardinalityOf(variable) ?? cardinalityOf(field.values);
}

function cardinalityOf(text: string | null | undefined): Cardinality | undefined {
  const trimmed = text?.trim().toUpperCase() ?? '';
  if (/^[0-3]$/.test(trimmed)) return CARDINALITIES[Number(trimmed)];
  return CARDINALITIES.find((c) => c === trimmed);
}

/** Related content: identifiers (full or 10-character short form) and Lucene queries, comma-separated. */
export const relationshipField: FieldType = {
  className: fieldClassName('Relationship'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: (value, field): RelationshipValue => {
    const items = [...new Set(listItems(value).map(relationshipItem))];
    const cardinality = relationshipCardinality(field);
    if (cardinality && SINGLE.has(cardinality) && items.length > 1) {
      throw new FieldValueError(`a ${cardinality} relationship takes at most one item, not ${items.length}`);
    }
    return { items };
  },
  toContentMap: (stored) => (stored as RelationshipValue | null)?.items ?? [],
  toIndex: (stored) => (stored as RelationshipValue | null)?.items ?? [],
  validateDefinition: (field) => {
    if (!field.relationType?.trim()) return 'relationType must name the related content type';
    if (!relationshipCardinality(field))
      return `the cardinality must be one of ${CARDINALITIES.join(', ')} (a cardinality field variable, or values 0-3)`;
    return undefined;
  },
};

function relationshipItem(item: string): string {
  if (IDENTIFIER.test(item)) return item.toLowerCase();
  if (item.includes(':')) return item;
  throw new FieldValueError(`"${item}" is neither a content identifier nor a Lucene query`);
}
