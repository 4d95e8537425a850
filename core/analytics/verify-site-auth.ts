import type { AnalyticsSiteKeyRepository } from '../plugin/storage/index.js';
import { hashSiteAuth, sameHash, siteAuthProblem } from './site-auth.js';

/**
 * The site a Site Auth belongs to, or undefined when it is nobody's current key. A function of
 * the repository alone, so that an ingest worker with its own storage connection can call it
 * without the services of the main thread.
 *
 * NOTE: never cached: a replaced key must fail at once in every process. One query on the unique
 * index of hashes.
 */
export async function verifySiteAuth(
  keys: AnalyticsSiteKeyRepository,
  siteAuth: unknown,
): Promise<{ siteId: string } | undefined> {
  if (typeof siteAuth !== 'string' || siteAuthProblem(siteAuth) !== undefined) return undefined;
  const hash = hashSiteAuth(siteAuth);
  const found = await keys.findByHash(hash);
  // The database found the row; comparing again in constant time guards against a collation that matches loosely.
  if (!found || !sameHash(found.keyHash, hash)) return undefined;
  return { siteId: found.siteId };
}
