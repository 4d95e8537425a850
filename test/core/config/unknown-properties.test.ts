import t, { type Test } from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config, type Environment } from '../../../core/config/config.js';
import { closestName, editDistance } from '../../../core/config/edit-distance.js';
import { loadConfig } from '../../../core/config/load-config.js';
import { findUnknownProperties } from '../../../core/config/unknown-properties.js';

const DECLARED = [
  'storage.driver',
  'storage.mysql.url',
  'http.port',
  'auth.schemes',
  'plugins',
  'INITIAL_ADMIN_PASSWORD',
  'acme.slack.webhook',
];

/** A config as start-up loads it: `cms.properties` in a data directory that is the working directory. */
function configOf(t: Test, lines: string[], env: Environment = {}): Config {
  const dir = mkdtempSync(join(tmpdir(), 'cms-names-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'cms.properties'), lines.join('\n') + '\n');
  return loadConfig({ CMS_DATA_DIR: dir, ...env }, dir).config;
}

const messagesOf = (config: Config) => findUnknownProperties(config, DECLARED).map((u) => u.message);

t.test('edit distance', async (t) => {
  t.equal(editDistance('storage.drivr', 'storage.driver'), 1);
  t.equal(editDistance('', 'abc'), 3);
  t.equal(editDistance('kitten', 'sitting'), 3);
  t.equal(editDistance('http.hots', 'http.host'), 1, 'a swap of neighbours is one edit');
  t.equal(closestName('STORAGE.DRIVR', DECLARED, 2), 'storage.driver', 'case aside');
  t.equal(closestName('zzz', DECLARED, 2), undefined);
});

t.test('an unknown property under a known prefix names its line and the likely name', async (t) => {
  const config = configOf(t, ['# the store', 'http.port=8080', 'storage.drivr=mysql', 'storage.pool=4']);
  t.same(messagesOf(config), [
    'unknown property storage.drivr in cms.properties line 3 — did you mean storage.driver?',
    'unknown property storage.pool in cms.properties line 4',
  ]);
});

t.test('a near miss is refused whatever its prefix; other names are left alone', async (t) => {
  const config = configOf(t, [
    'plugin=./slack.js',
    'strage.driver=mysql',
    'Storage.Driver=mysql',
    'INITIAL_ADMIN_PASWORD=x',
    'acme.other.tool=1',
    'SOME_SPEC_SETTING=true',
    'data.dir=/srv/cms',
    'storage.driver=sqlite',
  ]);
  t.same(messagesOf(config), [
    'unknown property plugin in cms.properties line 1 — did you mean plugins?',
    'unknown property strage.driver in cms.properties line 2 — did you mean storage.driver?',
    'unknown property Storage.Driver in cms.properties line 3 — did you mean storage.driver?',
    'unknown property INITIAL_ADMIN_PASWORD in cms.properties line 4 — did you mean INITIAL_ADMIN_PASSWORD?',
    'unknown property acme.other.tool in cms.properties line 5',
  ]);
  t.same(findUnknownProperties(config, DECLARED.slice(0, -1)).length, 4, 'acme. is known only while declared');
});

t.test('the environment: only CMS_ variables, checked like the file', async (t) => {
  const config = new Config(new Map(), {
    CMS_STORAGE_DRIVR: 'mysql',
    CMS_HTTP_PROT: '1',
    CMS_STORAGE_DRIVER: 'sqlite',
    CMS_DATA_DIR: '/srv',
    CMS_CONFIG: '/etc/cms.properties',
    CMS_TEST_MYSQL_URL: 'mysql://x',
    CMS_PLUGIN: './x.js',
    PORT: '1',
    HOME: '/root',
    INITIAL_ADMIN_PASSWORD: 'x',
  });
  t.same(messagesOf(config), [
    'unknown environment variable CMS_STORAGE_DRIVR — did you mean CMS_STORAGE_DRIVER?',
    'unknown environment variable CMS_HTTP_PROT — did you mean CMS_HTTP_PORT?',
    'unknown environment variable CMS_PLUGIN — did you mean CMS_PLUGINS?',
  ]);
});

t.test('a bad value names where it was set: the file and line, or the environment variable', async (t) => {
  const config = configOf(t, ['log.level=info', 'http.port=eighty']);
  t.throws(() => config.int('http.port', 8080), {
    message: 'Configuration property http.port has the value "eighty" (cms.properties line 2); expected an integer',
  });
  t.throws(() => configOf(t, ['http.port=1'], { PORT: 'abc' }).int('http.port', 8080), {
    message: 'Configuration property http.port has the value "abc" (environment variable PORT); expected an integer',
  });
  t.throws(() => configOf(t, [], { CMS_HTTP_PORT: 'abc', PORT: '1' }).int('http.port', 8080), {
    message: /\(environment variable CMS_HTTP_PORT\)/,
  });
  t.equal(config.origin('log.level'), 'cms.properties line 1');
  t.equal(config.origin('unset'), undefined);
});

t.test('a file outside the working directory is named by its path', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'cms-names-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'prod.properties'), 'storage.drivr=mysql\n');
  const { config } = loadConfig({ CMS_CONFIG: join(dir, 'prod.properties') }, '/nowhere');
  t.same(messagesOf(config), [
    `unknown property storage.drivr in ${join(dir, 'prod.properties')} line 1 — did you mean storage.driver?`,
  ]);
});

t.test('an empty list is an error, not the default', async (t) => {
  const defaults = ['session', 'basic'];
  t.throws(() => configOf(t, ['auth.schemes=']).list('auth.schemes', defaults), {
    name: 'StartupError',
    message:
      'Configuration property auth.schemes is set to an empty list (cms.properties line 1); name at least one item, or remove it for the default (session,basic)',
  });
  t.throws(() => configOf(t, [], { CMS_AUTH_SCHEMES: ' , ' }).list('auth.schemes', defaults), {
    message: /empty list \(environment variable CMS_AUTH_SCHEMES\)/,
  });
  t.same(configOf(t, []).list('auth.schemes', defaults), defaults, 'unset: the default');
  t.same(configOf(t, ['http.cors.origins=']).list('http.cors.origins', []), [], 'empty is the default: no surprise');
});
