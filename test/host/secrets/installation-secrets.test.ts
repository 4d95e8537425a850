import t from 'tap';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Config } from '../../../core/config/config.js';
import { PluginRegistry } from '../../../core/plugin/registry.js';
import { SECRETS_KEY_FILE, installationSecrets, sealerOnceLoaded } from '../../../host/secrets/installation-secrets.js';
import { defaultEncryptor } from '../../../plugins/auth/default-encryptor.js';

const registry = new PluginRegistry();
registry.add('auth-builtin', { encryptors: [defaultEncryptor] });
const secretsOf = (dir: string) => installationSecrets(registry, new Config(), dir);

t.test('sealed secrets open with the key of the data directory, and only with it', async (t) => {
  const dir = t.testdir({});
  const box = secretsOf(dir);
  t.notOk(existsSync(join(dir, SECRETS_KEY_FILE)), 'no key file until a secret is sealed');
  const sealed = box.seal('s3cret');
  t.ok(box.isSealed(sealed));
  t.notOk(box.isSealed('s3cret'));
  t.notMatch(sealed, /s3cret/);
  t.not(box.seal('s3cret'), sealed, 'a fresh IV each time');
  t.equal(statSync(join(dir, SECRETS_KEY_FILE)).mode & 0o777, 0o600, 'the key file is the owner’s only');
  t.equal(secretsOf(dir).open(sealed), 's3cret', 'another process on the same data directory opens it');
  t.throws(() => secretsOf(t.testdir({})).open(sealed), 'another installation cannot');
  t.throws(() => box.open(sealed.slice(0, -2) + 'AA'), 'a tampered secret is refused');
  t.throws(() => box.open('s3cret'), 'a value that was never sealed is refused');
});

t.test('a secret sealed before encryptors were plugins still opens with the default encryptor', async (t) => {
  const dir = t.testdir({});
  writeFileSync(join(dir, SECRETS_KEY_FILE), Buffer.alloc(32, 7).toString('base64'));
  // Made by the sealer of the earlier versions, with that key.
  const stored = 'sealed:v1.6X0yiQ0sMvkyroq6.PSMpL-PDSbHdr3Mx-b5Zow.edy7OhlroMC9zSLVSHXcemAI';
  t.equal(secretsOf(dir).open(stored), 's3cret from before');
});

t.test('encryptor.implementation naming no contribution stops start-up, naming the value', async (t) => {
  const config = new Config(new Map([['encryptor.implementation', 'acme.Missing']]), {});
  t.throws(() => installationSecrets(registry, config, t.testdir({})), {
    name: 'StartupError',
    message: /encryptor\.implementation="acme\.Missing".*EncryptorFactory\.EncryptorImpl/,
  });
});

t.test('the sealer handed to plugins refuses to seal before the encryptor is chosen', async (t) => {
  const chosen: { sealer?: ReturnType<typeof secretsOf> } = {};
  const secrets = sealerOnceLoaded(() => chosen.sealer);
  t.throws(() => secrets.seal('x'), /once every plugin is set up/);
  chosen.sealer = secretsOf(t.testdir({}));
  t.equal(secrets.open(secrets.seal('x')), 'x');
});
