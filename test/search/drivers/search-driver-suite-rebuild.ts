import type { Test } from 'tap';
import { ConflictError } from '../../../core/plugin/kit.js';
import type { SearchIndex } from '../../../core/plugin/search-driver.js';
import type { SearchSuiteTarget } from './search-driver-suite.js';

const OLD = [
  { id: 'o1', title: 'old one', contentType: 'Blog' },
  { id: 'o2', title: 'old two', contentType: 'News' },
];
const NEW = [
  { id: 'n1', title: 'new one', contentType: 'Blog' },
  { id: 'o2', title: 'renewed two', contentType: 'News' },
];

/** `rebuild`: a replacement filled beside the index, searched only once complete. */
export function rebuildSuite(t: Test, target: SearchSuiteTarget): void {
  async function seeded(t: Test): Promise<SearchIndex> {
    const index = await target.open(target.location(t));
    t.teardown(() => index.close());
    await index.index(OLD);
    await index.refresh?.();
    return index;
  }
  const all = async (index: SearchIndex): Promise<string[]> => {
    await index.refresh?.();
    return (await index.search({ size: 100 })).hits.hits.map((h) => h._id).sort();
  };
  const words = async (index: SearchIndex, word: string): Promise<string[]> =>
    (await index.search({ query: { match: { title: word } }, size: 100 })).hits.hits.map((h) => h._id).sort();

  t.test('rebuild: searches read the old contents until complete, then only the new', async (t) => {
    const index = await seeded(t);
    const rebuild = await index.rebuild();
    await rebuild.index(NEW);
    t.same(await all(index), ['o1', 'o2'], 'the old contents while it runs');
    t.same(await words(index, 'renewed'), []);
    await index.index([{ id: 'o3', title: 'old three' }]);
    await rebuild.index([{ id: 'o3', title: 'old three' }]);
    await rebuild.remove(['n1']);
    t.same(await all(index), ['o1', 'o2', 'o3'], 'changes meanwhile reach the current index');
    await rebuild.complete();
    t.same(await all(index), ['o2', 'o3'], 'only the rebuilt contents once complete');
    t.same(await words(index, 'old'), ['o3']);
    t.same(await words(index, 'renewed'), ['o2'], 'words too');
    await index.index([{ id: 'n2', title: 'after' }]);
    t.same(await all(index), ['n2', 'o2', 'o3'], 'later changes go to the rebuilt index');
    const error = await rebuild.index(NEW).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(error instanceof ConflictError, 'a completed rebuild takes no more changes');
  });

  t.test('rebuild: abandon keeps the old contents', async (t) => {
    const index = await seeded(t);
    const rebuild = await index.rebuild();
    await rebuild.index(NEW);
    await rebuild.abandon();
    t.same(await all(index), ['o1', 'o2']);
    t.same(await words(index, 'renewed'), []);
    const again = await index.rebuild();
    await again.complete();
    t.same(await all(index), [], 'a new rebuild starts empty');
  });

  t.test('rebuild: one at a time (ConflictError), another once it is over', async (t) => {
    const index = await seeded(t);
    const first = await index.rebuild();
    const error = await index.rebuild().then(
      () => undefined,
      (e: unknown) => e,
    );
    t.ok(error instanceof ConflictError, 'a second rebuild while one runs');
    await first.index(NEW);
    await first.complete();
    const second = await index.rebuild();
    await second.index(OLD);
    await second.complete();
    t.same(await all(index), ['o1', 'o2']);
  });
}
