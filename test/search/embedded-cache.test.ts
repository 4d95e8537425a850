import t from 'tap';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ACTIVE, activeSet } from '../../plugins/search/embedded/active-set.js';
import { openSqliteSearchIndex } from '../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../helpers/test-app.js';

// `search.embedded.cache.mb`: an attached file has a page cache of its own, of SQLite's default size unless set.
t.test('the set file a connection attaches gets the page cache asked for', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const index = openSqliteSearchIndex(file);
  await index.index([{ id: 'x', title: 'hello' }]);
  await index.close();
  const db = new Database(file, { readonly: true });
  t.teardown(() => db.close());
  const sized = activeSet(db, file, { cacheMiB: 3 });
  sized.attach();
  t.equal(db.pragma(`${ACTIVE}.cache_size`, { simple: true }), -3072, '3 MiB, as SQLite counts it (KiB, negative)');
  sized.detach();
  activeSet(db, file).attach();
  const plain = new Database(':memory:');
  t.equal(
    db.pragma(`${ACTIVE}.cache_size`, { simple: true }),
    plain.pragma('cache_size', { simple: true }),
    "SQLite's own when none is asked for",
  );
  plain.close();
});
