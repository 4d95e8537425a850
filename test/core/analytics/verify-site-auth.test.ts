import t from 'tap';
import { hashSiteAuth } from '../../../core/analytics/site-auth.js';
import { verifySiteAuth } from '../../../core/analytics/verify-site-auth.js';
import type { AnalyticsSiteKey } from '../../../core/model/analytics-site-key.js';
import type { AnalyticsSiteKeyRepository } from '../../../core/plugin/storage/index.js';

/** Answers the stored row by hash, counting look-ups. */
function keys(stored: AnalyticsSiteKey[]) {
  const lookups: string[] = [];
  const repository: AnalyticsSiteKeyRepository = {
    find: async () => undefined,
    findByHash: async (hash) => {
      lookups.push(hash);
      return stored.find((k) => k.keyHash === hash.toUpperCase() || k.keyHash === hash);
    },
    replace: async () => undefined,
    count: async () => stored.length,
  };
  return { repository, lookups };
}

const row = (siteAuth: string, keyHash = hashSiteAuth(siteAuth)): AnalyticsSiteKey => ({
  siteId: 's1',
  keyHash,
  masked: '*****',
  createdAt: 0,
  createdBy: 'u',
});

t.test('a current key names its site, with one look-up by hash', async (t) => {
  const { repository, lookups } = keys([row('shop.example.com.token')]);
  t.same(await verifySiteAuth(repository, 'shop.example.com.token'), { siteId: 's1' });
  t.same(lookups, [hashSiteAuth('shop.example.com.token')], 'the key itself is never sent to storage');
  t.equal(await verifySiteAuth(repository, 'shop.example.com.other'), undefined);
});

t.test('what cannot be a key is refused without a look-up', async (t) => {
  const { repository, lookups } = keys([]);
  for (const value of [undefined, null, 42, {}, '', 'x'.repeat(256), 'a\u0000b'])
    t.equal(await verifySiteAuth(repository, value), undefined);
  t.same(lookups, []);
});

t.test('a row storage matched loosely (another letter case) is not taken for the key', async (t) => {
  const { repository } = keys([row('k', hashSiteAuth('k').toUpperCase())]);
  t.equal(await verifySiteAuth(repository, 'k'), undefined, 'the hashes are compared again, exactly');
});
