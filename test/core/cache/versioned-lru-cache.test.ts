import t from 'tap';
import { VersionedLruCache } from '../../../core/cache/versioned-lru-cache.js';

const cache = (maxEntries: number, maxBytes: number) =>
  new VersionedLruCache<string>({ maxEntries, maxBytes, sizeOf: (value) => value.length });

t.test('values are trusted under the version they were kept under only', async (t) => {
  const c = cache(10, 100);
  c.set('v1', 'a', 'alpha');
  t.equal(c.get('v1', 'a'), 'alpha');
  t.equal(c.get('v2', 'a'), undefined, 'another version finds nothing');
  c.set('v2', 'b', 'beta');
  t.equal(c.get('v1', 'a'), undefined, 'a set under a new version empties the cache');
  t.same(c.size, { entries: 1, bytes: 4 });
  c.delete('v1', 'b');
  t.equal(c.get('v2', 'b'), 'beta', 'a delete under another version removes nothing');
  c.delete('v2', 'b');
  t.same(c.size, { entries: 0, bytes: 0 });
});

t.test('the count bound: the least recently used goes first', async (t) => {
  const c = cache(2, 100);
  c.set('v', 'a', 'a');
  c.set('v', 'b', 'b');
  c.get('v', 'a');
  c.set('v', 'c', 'c');
  t.equal(c.get('v', 'b'), undefined, 'b was used least recently');
  t.equal(c.get('v', 'a'), 'a');
  t.equal(c.get('v', 'c'), 'c');
  t.same(c.size, { entries: 2, bytes: 2 });
});

t.test('the byte bound, values replaced and values too large to keep', async (t) => {
  const c = cache(100, 10);
  c.set('v', 'a', 'aaaa');
  c.set('v', 'b', 'bbbb');
  c.set('v', 'a', 'aaaaa');
  t.same(c.size, { entries: 2, bytes: 9 }, 'a value set again counts once, at its new size');
  c.set('v', 'c', 'cc');
  t.equal(c.get('v', 'b'), undefined, 'the oldest goes until the bytes fit');
  t.same(c.size, { entries: 2, bytes: 7 });
  c.set('v', 'huge', 'x'.repeat(11));
  t.equal(c.get('v', 'huge'), undefined, 'larger than the bound: not kept');
  t.same(c.size, { entries: 2, bytes: 7 }, 'and nothing else is dropped for it');
  c.set('v', 'a', 'y'.repeat(11));
  t.equal(c.get('v', 'a'), undefined, 'a value replaced by one too large is gone, not left stale');
  t.same(c.size, { entries: 1, bytes: 2 });
});
