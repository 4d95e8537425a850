import t from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import { loadPlugins, sourceOf } from '../../../host/plugins/load-plugins.js';
import { startTestApp } from '../../helpers/test-app.js';

/** Plugins written by a third party live outside the source tree: a temporary directory here. */
function writePlugin(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cms-plugin-'));
  const file = join(dir, 'plugin.mjs');
  writeFileSync(file, source);
  return file;
}

const HEADER_PLUGIN = `
export default {
  name: 'acme-header-auth',
  apiVersion: 1,
  properties: { 'acme.header': { description: 'Header carrying email:password', default: 'x-acme' } },
  setup({ config }) {
    const header = config.string('acme.header', 'x-acme');
    return {
      authSchemes: [{
        name: 'acme',
        async authenticate(request, auth) {
          const value = request.headers[header];
          if (!value) return null;
          const [email, password] = value.split(':');
          return auth.verifyPassword(email, password);
        },
      }],
    };
  },
};`;

t.test('a third-party plugin from outside the source tree contributes an auth scheme', async (t) => {
  const file = writePlugin(HEADER_PLUGIN);
  const s = (await startTestApp(t, {
    env: { CMS_PLUGINS: file, CMS_AUTH_SCHEMES: 'acme,basic', CMS_ACME_HEADER: 'x-acme-login' },
  }))!;
  const answer = await s.http('GET', '/api/v1/users/current', {
    headers: { 'x-acme-login': 'admin@cms.com:admin-test-password' },
  });
  t.equal(answer.status, 200);
  t.equal(answer.json.userId, 'cms.org.1');
  const wrong = await s.http('GET', '/api/v1/users/current', { headers: { 'x-acme-login': 'admin@cms.com:nope' } });
  t.equal(wrong.status, 401);
});

t.test('built-ins load through the same loader and register their contributions', async (t) => {
  const registry = await loadPlugins(new Config(), '/tmp', '/', silentLogger);
  t.same(registry.plugins(), [
    'auth-builtin',
    'field-types-builtin',
    'actionlets-builtin',
    'mail-builtin',
    'assets-builtin',
    'storage-sqlite',
    'storage-mysql',
  ]);
  t.ok(registry.fieldTypes.get('com.cms.contenttype.model.field.ImmutableTextField'), 'field types are contributed');
  t.same(registry.authSchemes.keys(), ['session', 'basic', 'legacy-header']);
  t.same(registry.storageDrivers.keys(), ['sqlite', 'mysql']);
  t.same(registry.assetStorages.keys(), ['local']);
});

t.test('paths resolve against the working directory; other names are packages', async (t) => {
  t.equal(sourceOf('./p.js', '/srv/cms').url, 'file:///srv/cms/p.js');
  t.equal(sourceOf('/opt/p.js', '/srv').url, 'file:///opt/p.js');
  t.equal(sourceOf('@acme/cms-translate', '/srv').url, '@acme/cms-translate');
});

t.test('start-up errors name the plugin, the property and the value', async (t) => {
  const load = (plugins: string, extra: Record<string, string> = {}) =>
    loadPlugins(new Config(new Map(Object.entries({ plugins, ...extra })), {}), '/tmp', '/', silentLogger);
  await t.rejects(load('/nowhere/plugin.mjs'), {
    name: 'StartupError',
    message: /plugins="\/nowhere\/plugin\.mjs": the module cannot be loaded/,
  });
  await t.rejects(load('@acme/not-installed'), { message: /plugins="@acme\/not-installed"/ });
  await t.rejects(load(writePlugin('export default { hello: 1 };')), { message: /default export is not a plugin/ });
  await t.rejects(load(writePlugin("export default { name: 'old', apiVersion: 0, setup: () => ({}) };")), {
    message: /Plugin old .* written for plugin API 0; this host implements 1/,
  });
  await t.rejects(
    load(
      writePlugin(
        "export default { name: 'dup', apiVersion: 1, setup: () => ({ authSchemes: [{ name: 'basic', authenticate: async () => null }] }) };",
      ),
    ),
    {
      message: /Auth scheme "basic" is contributed by both plugin auth-builtin and plugin dup/,
    },
  );
  await t.rejects(
    load(
      writePlugin(
        "export default { name: 'needy', apiVersion: 1, properties: { 'needy.key': { description: 'the key', required: true } }, setup: () => ({}) };",
      ),
    ),
    {
      message: /Plugin needy needs the configuration property needy\.key/,
    },
  );
  const picky = writePlugin(
    "export default { name: 'picky', apiVersion: 1, properties: { 'picky.n': { description: 'n', validate: (v) => (/^\\d+$/.test(v) ? undefined : 'must be a number') } }, setup: () => ({}) };",
  );
  await t.rejects(load(picky, { 'picky.n': 'abc' }), {
    message: /picky\.n="abc" is not acceptable to plugin picky: must be a number/,
  });
  await t.rejects(
    load(writePlugin("export default { name: 'boom', apiVersion: 1, setup() { throw new Error('no licence'); } };")),
    { message: /Plugin boom .* failed to set up: no licence/ },
  );
});

t.test('an unknown storage driver stops start-up naming the property and the value', async (t) => {
  await t.rejects(startTestApp(t, { env: { CMS_STORAGE_DRIVER: 'oracle' } }), {
    name: 'StartupError',
    message: /storage\.driver="oracle".*available: sqlite, mysql/,
  });
});
