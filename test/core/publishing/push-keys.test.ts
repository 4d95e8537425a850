import { createHash } from 'node:crypto';
import t from 'tap';

// Endpoint keys are sealed with the installation's sealer: see test/host/secrets/installation-secrets.test.ts.
import { BundleReceiver } from '../../../core/publishing/bundle-receiver.js';

t.test('the receiver accepts only the key whose hash it holds', async (t) => {
  const hash = createHash('sha256').update('right-key').digest('hex');
  const receiver = new BundleReceiver({ keyHash: hash } as never);
  t.doesNotThrow(() => receiver.authenticate('Bearer right-key'));
  for (const header of [undefined, '', 'Bearer', 'Bearer wrong-key', 'Basic right-key', 'Bearer right-key2'])
    t.throws(() => receiver.authenticate(header), { code: 'PUSH_RECEIVER_KEY_INVALID' }, String(header));
  const closed = new BundleReceiver({ keyHash: '' } as never);
  t.throws(() => closed.authenticate('Bearer right-key'), { code: 'PUSH_RECEIVER_KEY_INVALID' }, 'no hash: no bundle');
});
