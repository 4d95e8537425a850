import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import { serviceVersion } from '../../../host/startup/version.js';
import { loadPlugins, sourceOf } from '../../../host/plugins/load-plugins.js';
import { startTestApp } from '../../helpers/test-app.js';

/** Plugins written by a third party live outside the source tree: a temporary directory here. */
const pluginsDir = mkdtempSync(join(tmpdir(), 'cms-plugin-'));
t.teardown(() => rmSync(pluginsDir, { recursive: true, force: true }));
let written = 0;

function writePlugin(source: string): string {
  const file = join(pluginsDir, `plugin-${++written}.mjs`);
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

const KIT_PLUGIN = `
import { definePlugin, defineAuthScheme, UnauthenticatedError, PLUGIN_API_VERSION } from 'cms/plugin';
export default definePlugin({
  name: 'kit-user',
  apiVersion: PLUGIN_API_VERSION,
  cmsVersion: '>=0.1.0',
  setup: () => ({
    authSchemes: [defineAuthScheme({
      name: 'refuser',
      async authenticate(request) {
        if (!request.headers['x-refuse']) return null;
        throw new UnauthenticatedError('Refused by the kit user');
      },
    })],
  }),
});`;

t.test('a plugin outside the source tree imports the kit as cms/plugin; its errors reach the client', async (t) => {
  const s = (await startTestApp(t, {
    env: { CMS_PLUGINS: writePlugin(KIT_PLUGIN), CMS_AUTH_SCHEMES: 'refuser,basic' },
  }))!;
  const refused = await s.http('GET', '/api/v1/users/current', { headers: { 'x-refuse': '1' } });
  t.equal(refused.status, 401, 'the kit the plugin imported is the one the service maps errors of');
  t.equal(refused.json.message, 'Invalid User: Refused by the kit user');
  t.equal(refused.json.errors[0].errorCode, 'PLUGIN_UNAUTHENTICATED');
  t.equal((await s.http('GET', '/api/v1/users/current', { headers: s.basicAuth() })).status, 200);
});

t.test('package names are found in node_modules of the working directory and its parents', async (t) => {
  const cwd = mkdtempSync(join(tmpdir(), 'cms-site-'));
  t.teardown(() => rmSync(cwd, { recursive: true, force: true }));
  const root = join(cwd, 'node_modules', '@acme', 'cms-hello');
  mkdirSync(join(root, 'lib'), { recursive: true });
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({
      name: '@acme/cms-hello',
      type: 'module',
      exports: { '.': { types: './x.d.ts', import: './lib/entry.js' } },
    }),
  );
  writeFileSync(join(root, 'lib', 'entry.js'), "export default { name: 'hello', apiVersion: 1, setup: () => ({}) };");
  const below = join(cwd, 'srv');
  mkdirSync(below);
  t.equal(sourceOf('@acme/cms-hello', below).url, `file://${root}/lib/entry.js`);
  const registry = await loadPlugins(
    new Config(new Map([['plugins', '@acme/cms-hello']]), {}),
    '/tmp',
    below,
    silentLogger,
  );
  t.ok(registry.plugins().includes('hello'));
  mkdirSync(join(cwd, 'node_modules', 'broken'));
  writeFileSync(join(cwd, 'node_modules', 'broken', 'package.json'), '{ "name": ');
  t.throws(() => sourceOf('broken', below), {
    name: 'StartupError',
    message: /plugins="broken": .*package\.json cannot be read/,
  });
});

t.test('a plugin for other versions of the service stops start-up, naming the range and the version', async (t) => {
  const load = (cmsVersion: string) =>
    loadPlugins(
      new Config(
        new Map([
          [
            'plugins',
            writePlugin(
              `export default { name: 'picky-version', apiVersion: 1, cmsVersion: ${JSON.stringify(cmsVersion)}, setup: () => ({}) };`,
            ),
          ],
        ]),
        {},
      ),
      '/tmp',
      '/',
      silentLogger,
    );
  const version = serviceVersion();
  t.match(version, /^\d+\.\d+\.\d+/);
  await t.rejects(load('^99.0.0'), {
    name: 'StartupError',
    message: new RegExp(
      `Plugin picky-version .* works with cms \\^99\\.0\\.0 \\(its cmsVersion\\); this is cms ${version.replace(/\./g, '\\.')}`,
    ),
  });
  await t.rejects(load('the newest'), { message: /declares cmsVersion "the newest", which is not a version range/ });
  t.ok((await load(`^${version}`)).plugins().includes('picky-version'), 'a matching range loads');
});

t.test('a plugin may import nothing of the service but the kit', async (t) => {
  const file = writePlugin(
    "import { Errors } from 'cms/core/errors/index.js';\nexport default { name: 'peek', apiVersion: 1, setup: () => ({ Errors }) };",
  );
  await t.rejects(loadPlugins(new Config(new Map([['plugins', file]]), {}), '/tmp', '/', silentLogger), {
    message:
      /the module cannot be loaded \("cms\/core\/errors\/index\.js" is not part of the plugin kit: a plugin imports from "cms\/plugin" only\)/,
  });
});

t.test('built-ins load through the same loader and register their contributions', async (t) => {
  const registry = await loadPlugins(new Config(), '/tmp', '/', silentLogger);
  t.same(registry.plugins(), [
    'auth-builtin',
    'field-types-builtin',
    'actionlets-builtin',
    'mail-builtin',
    'translation-google',
    'assets-builtin',
    'search-embedded',
    'search-elasticsearch',
    'storage-sqlite',
    'storage-mysql',
  ]);
  t.ok(registry.fieldTypes.get('com.cms.contenttype.model.field.ImmutableTextField'), 'field types are contributed');
  t.same(registry.authSchemes.keys(), ['bearer', 'session', 'access-token', 'basic', 'legacy-header']);
  t.same(registry.translationProviders.keys(), ['google'], 'the translation provider is contributed');
  t.same(registry.storageDrivers.keys(), ['sqlite', 'mysql']);
  t.same(registry.assetStorages.keys(), ['local']);
  t.same(registry.searchDrivers.keys(), ['embedded', 'elasticsearch']);
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
