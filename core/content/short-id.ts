import type { Storage } from '../plugin/storage/index.js';

/** The original's "shorty": the first 10 hex digits of an identifier, dashes left out. */
const SHORTY = /^[0-9a-f]{10}$/i;

/** `abcdef0123` → `abcdef01-23`, the identifiers it abbreviates start with this. */
function prefixOf(shorty: string): string {
  const hex = shorty.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8)}`;
}

/**
 * The identifier a shorty stands for: the only item whose identifier starts with it. Undefined when
 * none does, or when several do (a shorty is ambiguous then, and the full identifier is needed).
 */
export async function identifierOfShorty(storage: Storage, shorty: string): Promise<string | undefined> {
  if (!SHORTY.test(shorty)) return undefined;
  const prefix = prefixOf(shorty);
  // Every identifier with the prefix sorts after the prefix itself; an item has a row per language.
  const rows = await storage.content.scanItemLanguages({ after: { identifier: prefix, languageId: 0 }, limit: 50 });
  const matching = new Set(rows.map((row) => row.identifier).filter((id) => id.startsWith(prefix)));
  return matching.size === 1 ? [...matching][0] : undefined;
}
