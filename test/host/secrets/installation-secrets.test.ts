import t from 'tap';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isSealed } from '../../../core/secrets/secret-box.js';
import { SECRETS_KEY_FILE, installationSecrets } from '../../../host/secrets/installation-secrets.js';

t.test('sealed secrets open with the key of the data directory, and only with it', async (t) => {
  const dir = t.testdir({});
  const box = installationSecrets(dir);
  t.notOk(existsSync(join(dir, SECRETS_KEY_FILE)), 'no key file until a secret is sealed');
  const sealed = box.seal('s3cret');
  t.ok(isSealed(sealed));
  t.notOk(isSealed('s3cret'));
  t.notMatch(sealed, /s3cret/);
  t.not(box.seal('s3cret'), sealed, 'a fresh IV each time');
  t.equal(statSync(join(dir, SECRETS_KEY_FILE)).mode & 0o777, 0o600, 'the key file is the owner’s only');
  t.equal(installationSecrets(dir).open(sealed), 's3cret', 'another process on the same data directory opens it');
  t.throws(() => installationSecrets(t.testdir({})).open(sealed), 'another installation cannot');
  t.throws(() => box.open(sealed.slice(0, -2) + 'AA'), 'a tampered secret is refused');
  t.throws(() => box.open('s3cret'), 'a value that was never sealed is refused');
});
