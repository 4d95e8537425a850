import t from 'tap';
import { Config } from '../../../core/config/config.js';
import { PluginRegistry } from '../../../core/plugin/registry.js';
import { chosenJson } from '../../../host/plugins/chosen-json.js';
import { defaultJsonConfigurator, jsonMarshal } from '../../../plugins/auth/json-marshal.js';

const registry = new PluginRegistry();
registry.add('auth-builtin', { marshals: [jsonMarshal], jsonConfigurators: [defaultJsonConfigurator] });
registry.add('acme', {
  jsonConfigurators: [
    {
      name: 'acme.NoSecrets',
      replacer: (key, value) => (key === 'password' ? undefined : value),
      reviver: (key, value) => (key === 'seen' ? true : value),
    },
  ],
});
const config = (entries: Record<string, string> = {}) => new Config(new Map(Object.entries(entries)), {});

t.test('the built-in marshal writes plain JSON with the built-in configurator', async (t) => {
  const json = chosenJson(registry, config());
  t.equal(json.stringify({ a: 1, password: 'p' }), '{"a":1,"password":"p"}');
  t.strictSame(json.parse('{"a":1}'), { a: 1 });
});

t.test('the built-in marshal applies the configurator gson.configurator names', async (t) => {
  const json = chosenJson(registry, config({ 'gson.configurator': 'acme.NoSecrets' }));
  t.equal(json.stringify({ a: 1, password: 'p' }), '{"a":1}', 'its replacer when writing');
  t.strictSame(json.parse('{"seen":false}'), { seen: true }, 'its reviver when reading');
});

t.test('a name no plugin contributes stops start-up, naming the property and the value', async (t) => {
  t.throws(() => chosenJson(registry, config({ 'marshal.implementation': 'acme.Nope' })), {
    name: 'StartupError',
    message: /marshal\.implementation="acme\.Nope"/,
  });
  t.throws(() => chosenJson(registry, config({ 'gson.configurator': 'acme.Nope' })), {
    name: 'StartupError',
    message: /gson\.configurator="acme\.Nope".*available: .*acme\.NoSecrets/,
  });
});
