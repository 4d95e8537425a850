import t from 'tap';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SecretBox } from '../../../plugins/actionlets/secret-box.js';

t.test('sealed secrets open with the key of the data directory, and only with it', async (t) => {
  const dir = t.testdir({});
  const box = SecretBox.forDataDir(dir);
  t.notOk(existsSync(join(dir, 'actionlet-secrets.key')), 'no key file until a secret is sealed');
  const sealed = box.seal('s3cret');
  t.notMatch(sealed, /s3cret/);
  t.not(box.seal('s3cret'), sealed, 'a fresh IV each time');
  t.equal(statSync(join(dir, 'actionlet-secrets.key')).mode & 0o777, 0o600, 'the key file is the owner’s only');
  t.equal(SecretBox.forDataDir(dir).open(sealed), 's3cret', 'another process on the same data directory opens it');
  t.throws(() => SecretBox.forDataDir(t.testdir({})).open(sealed), 'another installation cannot');
  const [v, iv, tag, data] = sealed.split('.');
  t.throws(() => box.open([v, iv, tag, data!.slice(0, -2) + 'AA'].join('.')), 'a tampered secret is refused');
});
