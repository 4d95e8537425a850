import t from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, environmentNameOf } from '../../../core/config/config.js';
import { loadConfig } from '../../../core/config/load-config.js';
import { parseProperties } from '../../../core/config/parse-properties.js';
import { StartupError } from '../../../core/errors/index.js';

t.test('parses the properties file format', async (t) => {
  const parsed = parseProperties(
    [
      '# comment',
      '! also a comment',
      'a.b=1',
      'c.d : two words ',
      'e.f three',
      'multi=first \\',
      '   second',
      'esc=tab\\there\\u0041',
      'empty=',
      'key\\=with=eq',
    ].join('\n'),
  );
  t.equal(parsed.get('a.b'), '1');
  t.equal(parsed.get('c.d'), 'two words ');
  t.equal(parsed.get('e.f'), 'three');
  t.equal(parsed.get('multi'), 'first second');
  t.equal(parsed.get('esc'), 'tab\thereA');
  t.equal(parsed.get('empty'), '');
  t.equal(parsed.get('key=with'), 'eq');
  t.notOk(parsed.has('# comment'));
});

t.test('environment overrides the file: a.b.c is CMS_A_B_C', async (t) => {
  t.equal(environmentNameOf('storage.mysql.url'), 'CMS_STORAGE_MYSQL_URL');
  const config = new Config(
    new Map([
      ['storage.driver', 'sqlite'],
      ['http.port', '9000'],
    ]),
    { CMS_STORAGE_DRIVER: 'mysql' },
  );
  t.equal(config.string('storage.driver'), 'mysql');
  t.equal(config.int('http.port', 8080), 9000);
  t.equal(config.string('missing', 'fallback'), 'fallback');
});

t.test('the spec settings and PORT are read under their plain names', async (t) => {
  const config = new Config(new Map(), {
    PORT: '1234',
    INITIAL_ADMIN_PASSWORD: 'pw',
    CONTENT_APIS_ALLOW_ANONYMOUS: 'READ',
    ENABLE_NAV_PERMISSION: 'true',
  });
  t.equal(config.int('http.port', 8080), 1234);
  t.equal(config.string('INITIAL_ADMIN_PASSWORD'), 'pw');
  t.equal(config.string('CONTENT_APIS_ALLOW_ANONYMOUS'), 'READ');
  t.equal(config.bool('ENABLE_NAV_PERMISSION_CHECK', false), true);
  const generic = new Config(new Map(), { PORT: '1', CMS_HTTP_PORT: '2' });
  t.equal(generic.int('http.port', 8080), 2, 'the CMS_ form wins over the plain name');
});

t.test('typed getters name the property in their error', async (t) => {
  const config = new Config(
    new Map([
      ['n', 'abc'],
      ['b', 'maybe'],
      ['o', 'x'],
      ['range', '70000'],
      ['l', ' a, ,b ,'],
    ]),
    {},
  );
  t.throws(() => config.int('n', 1), { name: 'StartupError', message: /property n has the value "abc"/ });
  t.throws(() => config.bool('b', false), StartupError);
  t.throws(() => config.oneOf('o', ['a', 'b'] as const, 'a'), /one of a, b/);
  t.throws(() => config.int('range', 1, { max: 65535 }), /from -∞ to 65535/);
  t.same(config.list('l'), ['a', 'b']);
  t.equal(config.bool('unset', true), true);
  t.equal(config.oneOf('unset', ['a', 'b'] as const, 'b'), 'b');
  t.equal(new Config(new Map([['x', '']]), {}).string('x', 'd'), 'd', 'empty means default');
});

t.test('loadConfig finds cms.properties in the data directory, or CMS_CONFIG', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-config-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'cms.properties'), 'storage.driver=mysql\n');
  const loaded = loadConfig({ CMS_DATA_DIR: dir }, '/');
  t.equal(loaded.dataDir, dir);
  t.equal(loaded.config.string('storage.driver'), 'mysql');
  t.equal(loaded.config.source, join(dir, 'cms.properties'));

  const other = join(dir, 'other.properties');
  writeFileSync(other, `data.dir=${join(dir, 'elsewhere')}\nlog.level=warn\n`);
  const explicit = loadConfig({ CMS_CONFIG: other }, '/');
  t.equal(explicit.dataDir, join(dir, 'elsewhere'));
  t.equal(explicit.config.string('log.level'), 'warn');

  t.throws(() => loadConfig({ CMS_CONFIG: join(dir, 'nope.properties') }, '/'), /does not exist/);
  t.equal(loadConfig({}, dir).dataDir, join(dir, 'data'), 'default ./data relative to the working directory');
});
