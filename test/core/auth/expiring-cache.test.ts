import t from 'tap';
import { ExpiringCache } from '../../../core/auth/expiring-cache.js';

t.test('the expiring cache expires entries and stays bounded', async (t) => {
  let now = 0;
  const cache = new ExpiringCache<number>(100, 2, () => now);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  t.equal(cache.get('a'), undefined, 'oldest evicted when full');
  t.equal(cache.get('c'), 3);
  now = 100;
  t.equal(cache.get('c'), undefined, 'expired');
  cache.set('d', 4);
  cache.deleteWhere((v) => v === 4);
  t.equal(cache.get('d'), undefined);
});
