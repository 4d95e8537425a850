import t from 'tap';
import { jsonCodec } from '../../../host/plugins/chosen-json.js';
import { defaultJsonConfigurator, jsonMarshal } from '../../../plugins/auth/json-marshal.js';

const noSecrets = {
  name: 'acme.NoSecrets',
  replacer: (key: string, value: unknown) => (key === 'password' ? undefined : value),
  reviver: (key: string, value: unknown) => (key === 'seen' ? true : value),
};

t.test('the built-in marshal writes plain JSON with the built-in configurator', async (t) => {
  const json = jsonCodec(jsonMarshal, defaultJsonConfigurator);
  t.equal(json.stringify({ a: 1, password: 'p' }), '{"a":1,"password":"p"}');
  t.strictSame(json.parse('{"a":1}'), { a: 1 });
});

t.test('the built-in marshal applies the configurator gson.configurator names', async (t) => {
  const json = jsonCodec(jsonMarshal, noSecrets);
  t.equal(json.stringify({ a: 1, password: 'p' }), '{"a":1}', 'its replacer when writing');
  t.strictSame(json.parse('{"seen":false}'), { seen: true }, 'its reviver when reading');
});
