import { CmsError, Errors } from '../errors/index.js';

/**
 * How long a change's answer waits for the search index, as the original names it:
 * - `DEFER`: not at all; the change is indexed in a batch soon after (the default);
 * - `WAIT_FOR`: until the change is searchable;
 * - `FORCE`: the same, and the index is refreshed at once (for a driver with a refresh interval).
 */
export type IndexPolicy = 'DEFER' | 'WAIT_FOR' | 'FORCE';

const ORDER: readonly IndexPolicy[] = ['DEFER', 'WAIT_FOR', 'FORCE'];

/** A policy as clients send it (any case); absent or empty is `undefined`; anything else a 400. */
export function parseIndexPolicy(value: unknown, fieldName = 'indexPolicy'): IndexPolicy | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  const wanted = typeof value === 'string' ? value.trim().toUpperCase() : '';
  const policy = ORDER.find((p) => p === wanted);
  if (!policy) throw new CmsError(Errors.SEARCH_INDEX_POLICY_INVALID, { value: String(value) }, { fieldName });
  return policy;
}

/** The stricter of two policies: a transaction waits as long as its most demanding part asks. */
export function stricterPolicy(a: IndexPolicy, b: IndexPolicy): IndexPolicy {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}
