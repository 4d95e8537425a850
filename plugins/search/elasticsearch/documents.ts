import { InvalidError, type SearchDocument } from '../../../core/plugin/kit.js';
import { ORIGINAL_SOURCE } from './mapping.js';

type Indexed = Record<string, unknown>;

function refuse(position: number, name: string, message: string): InvalidError {
  return new InvalidError(`Search document ${position}: property "${name}" ${message}`, { fieldName: name });
}

/**
 * The body Elasticsearch indexes for a document: property names lower-cased (ES field names are
 * case-sensitive, the contract's are not; two names differing in case become one multi-valued
 * field), and, when a name was not lower-case, the document as given under `@source` (stored, not
 * indexed), which `_source` answers. Content documents have lower-case names already, so they are
 * stored once. Checked before anything is sent, so a bad document fails its batch whole.
 */
export function indexedDocument(document: SearchDocument, position: number): Indexed {
  if (typeof document?.id !== 'string' || document.id === '')
    throw new InvalidError(`Search document ${position}: "id" must be a non-empty string`, { fieldName: 'id' });
  const indexed: Indexed = {};
  let renamed = false;
  for (const [name, value] of Object.entries(document)) {
    // An undefined property is absent, as JSON (and the embedded driver) would have it.
    if (value === undefined) continue;
    const field = name.toLowerCase();
    if (field === ORIGINAL_SOURCE) throw refuse(position, name, 'is a name the elasticsearch driver keeps for itself');
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values)
      if (!(item === null || typeof item === 'string' || typeof item === 'boolean' || Number.isFinite(item)))
        throw refuse(position, name, 'must be a string, a number, a boolean or an array of them');
    if (field !== name) renamed = true;
    if (!(field in indexed)) indexed[field] = value;
    else indexed[field] = [indexed[field], value].flat().filter((v) => v !== null);
  }
  if (renamed) indexed[ORIGINAL_SOURCE] = document;
  return indexed;
}

/** The document as given, from a hit's stored source. */
export function givenSource(stored: Record<string, unknown>): Record<string, unknown> {
  const original = stored[ORIGINAL_SOURCE];
  return typeof original === 'object' && original !== null ? (original as Record<string, unknown>) : stored;
}
