import { createHash } from 'node:crypto';
import t from 'tap';
import { BundleReceiver } from '../../../core/publishing/bundle-receiver.js';
import { SecretBox } from '../../../core/publishing/secret-box.js';

const installationKey = Buffer.from('an installation signing key of some length');

t.test('endpoint keys are sealed: never stored as given, opened only with the same installation key', async (t) => {
  const box = new SecretBox(installationKey);
  const sealed = box.seal('the endpoint key');
  t.notMatch(sealed, 'the endpoint key');
  t.not(box.seal('the endpoint key'), sealed, 'a fresh nonce each time');
  t.equal(box.open(sealed), 'the endpoint key');
  t.throws(
    () => new SecretBox(Buffer.from('another installation')).open(sealed),
    'another installation cannot open it',
  );
  const [version, iv, tag, data] = sealed.split('.');
  const altered = [
    version,
    iv,
    tag,
    Buffer.from('x' + Buffer.from(data!, 'base64').toString('latin1')).toString('base64'),
  ];
  t.throws(() => box.open(altered.join('.')), 'an altered value is refused');
});

t.test('the receiver accepts only the key whose hash it holds', async (t) => {
  const hash = createHash('sha256').update('right-key').digest('hex');
  const receiver = new BundleReceiver({} as never, hash);
  t.doesNotThrow(() => receiver.authenticate('Bearer right-key'));
  for (const header of [undefined, '', 'Bearer', 'Bearer wrong-key', 'Basic right-key', 'Bearer right-key2'])
    t.throws(() => receiver.authenticate(header), { code: 'PUSH_RECEIVER_KEY_INVALID' }, String(header));
  const closed = new BundleReceiver({} as never, '');
  t.throws(() => closed.authenticate('Bearer right-key'), { code: 'PUSH_RECEIVER_KEY_INVALID' }, 'no hash: no bundle');
});
