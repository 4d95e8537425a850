import t from 'tap';
import { canonicalFieldClassName } from '../../core/plugin/field-type.js';
import type { IndexRebuild, SearchDocument, SearchIndex } from '../../core/plugin/search-driver.js';
import { Reindexer, type ReindexProgress } from '../../core/search/reindexer.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { startTestApp, textContentType, type TestApp } from '../helpers/test-app.js';
import { fireSystem } from './search-helpers.js';

/**
 * A stand-in for the driver contract's rebuild (storage, the dispatcher and the indexer are the
 * app's own): documents kept in memory, the replacement's first write held until `release`, and a
 * write that fails on demand.
 */
class RebuildDouble {
  contents = new Map<string, SearchDocument>();
  abandoned = 0;
  failOnWrite: Error | undefined;
  held: Promise<SearchDocument[]> | undefined;
  private firstWrite: ((docs: SearchDocument[]) => void) | undefined;
  private gate: Promise<void> | undefined;
  release: () => void = () => {};

  /** The next rebuild's first write waits for `release`; `held` answers what it was writing. */
  hold(): void {
    this.held = new Promise((r) => (this.firstWrite = r));
    this.gate = new Promise((r) => (this.release = r));
  }

  index(): SearchIndex {
    return {
      index: async () => {},
      remove: async () => {},
      search: () => Promise.reject(new Error('not searched in these tests')),
      close: async () => {},
      rebuild: async () => this.rebuild(),
    };
  }

  private rebuild(): IndexRebuild {
    const filling = new Map<string, SearchDocument>();
    return {
      index: async (docs) => {
        if (this.failOnWrite) throw this.failOnWrite;
        if (this.firstWrite) {
          this.firstWrite([...docs]);
          this.firstWrite = undefined;
          await this.gate;
        }
        for (const doc of docs) filling.set(doc.id, doc);
      },
      remove: async (ids) => {
        for (const id of ids) filling.delete(id);
      },
      complete: async () => {
        this.contents = filling;
      },
      abandon: async () => {
        this.abandoned++;
      },
    };
  }
}

function reindexerOver(s: TestApp, double: RebuildDouble): Reindexer {
  const c = s.app.services;
  const registry = c.registry;
  return new Reindexer({
    storage: c.storage,
    index: double.index(),
    dispatcher: c.indexDispatcher,
    indexer: {
      typeOf: (field) => registry.fieldTypes.get(canonicalFieldClassName(field.clazz)),
      definitions: c.definitions,
      permissions: c.permissions,
      ownerRoleId: SEED_IDS.ownerRole,
    },
    batchSize: 1,
    logger: s.app.logger,
  });
}

t.test('a change applied while the reindex runs is in the rebuilt index', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title']);
  for (const title of ['first', 'second', 'third']) await fireSystem(s, 'NEW', { contentType: 'Note', title });
  const double = new RebuildDouble();
  const reindexer = reindexerOver(s, double);
  const reports: ReindexProgress[] = [];
  double.hold();
  reindexer.start((progress) => reports.push(progress));
  // The first page is read and being written: an edit of that item now is not in what it read.
  const [written] = await double.held!;
  const identifier = written!.identifier as string;
  await fireSystem(s, 'EDIT', { identifier, contentType: 'Note', title: 'edited meanwhile' }, '');
  // The edit's deferred batch applied now rather than after the deferral: it queues behind the
  // held page, ahead of the next one (flush takes its place in the queue at once).
  const edited = s.app.services.indexDispatcher.flush();
  double.release();
  await edited;
  const result = await reindexer.settled();

  t.match(result, { state: 'completed', total: 3, done: 3, error: null });
  t.strictSame(
    reports.map((r) => r.done),
    [0, 1, 2, 3, 3],
    'a report when counted, after each page, and at the end',
  );
  const titles = [...double.contents.values()].map((doc) => doc['note.title']).sort();
  const expected = ['first', 'second', 'third'].map((title) =>
    title === written!['note.title'] ? 'edited meanwhile' : title,
  );
  t.strictSame(titles, expected.sort(), 'the edit reached the rebuild, not the old read');
  t.equal(double.abandoned, 0);
});

t.test('a reindex that fails drops its rebuild and says why', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title']);
  await fireSystem(s, 'NEW', { contentType: 'Note', title: 'only' });
  const double = new RebuildDouble();
  double.failOnWrite = new Error('disk full');
  const reindexer = reindexerOver(s, double);
  reindexer.start();
  const result = await reindexer.settled();
  t.match(result, { state: 'failed', error: 'disk full', finishedAt: Number });
  t.equal(double.abandoned, 1, 'the half-filled rebuild is dropped');
  t.equal(double.contents.size, 0, 'nothing was swapped in');
  double.failOnWrite = undefined;
  t.match(reindexer.start(), { state: 'running', error: null }, 'a new reindex may start after a failure');
  t.equal((await reindexer.settled()).state, 'completed');
  t.equal(double.contents.size, 1);
});

t.test('a reindex lets the event loop turn between pages, so requests are answered meanwhile', async (t) => {
  const s = (await startTestApp(t))!;
  await textContentType(s, 'Note', ['title']);
  for (const title of ['one', 'two', 'three', 'four']) await fireSystem(s, 'NEW', { contentType: 'Note', title });
  const reindexer = reindexerOver(s, new RebuildDouble());
  let doneWhenTurned: number | undefined;
  let done = 0;
  reindexer.start((progress) => (done = progress.done));
  // SQLite answers synchronously: without a turn between pages this would run only at the end.
  setImmediate(() => (doneWhenTurned = done));
  t.equal((await reindexer.settled()).state, 'completed');
  t.ok(doneWhenTurned !== undefined && doneWhenTurned < 4, 'the loop turned before the last page');
});
