import t from 'tap';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { silentLogger } from '../../../core/logger.js';
import { loadConfig } from '../../../core/config/load-config.js';
import embedded from '../../../plugins/search/embedded/index.js';
import { openSqliteSearchIndex } from '../../../plugins/search/embedded/sqlite-search-index.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { searchDriverSuite } from './search-driver-suite.js';

searchDriverSuite(t, {
  open: async (location) => openSqliteSearchIndex(join(location, 'index.db')),
  location: (t) => tempDataDir(t),
});

t.test('the plugin contributes `embedded`, an index file under the data directory', async (t) => {
  const dataDir = tempDataDir(t);
  const { config } = loadConfig({}, dataDir);
  const contributions = await embedded.setup({ config, logger: silentLogger, dataDir });
  const [driver] = contributions.searchDrivers ?? [];
  t.equal(driver?.name, 'embedded');
  const index = await driver!.open({ config, dataDir, logger: silentLogger });
  await index.index([{ id: 'x', title: 'hello' }]);
  await index.close();
  t.ok(existsSync(join(dataDir, 'search', 'index.db')));
});

t.test('two handles on one file (as two processes would) see each other’s commits', async (t) => {
  const file = join(tempDataDir(t), 'index.db');
  const writer = openSqliteSearchIndex(file);
  const reader = openSqliteSearchIndex(file);
  t.teardown(async () => {
    await writer.close();
    await reader.close();
  });
  await writer.index([{ id: 'x', title: 'shared words' }]);
  t.equal((await reader.search({ query: { match: { title: 'words' } } })).hits.total.value, 1);
});
