import t from 'tap';
import { Lifecycle } from '../../host/startup/lifecycle.js';
import { silentLogger, type Logger } from '../../core/logger.js';

t.test('parts stop in reverse order of their start, past a failure, once', async (t) => {
  const errors: unknown[] = [];
  const log: Logger = { ...silentLogger, error: (fields) => errors.push(fields), child: () => log };
  const lifecycle = new Lifecycle(log);
  const stopped: string[] = [];
  lifecycle.onStop('storage', () => void stopped.push('storage'));
  lifecycle.onStop('mail', () => {
    stopped.push('mail');
    throw new Error('mail server gone');
  });
  lifecycle.onStop('http', async () => void stopped.push('http'));
  await Promise.all([lifecycle.stop(), lifecycle.stop()]);
  await lifecycle.stop();
  t.same(stopped, ['http', 'mail', 'storage']);
  t.equal(errors.length, 1, 'the failure is logged');
  t.match(errors[0], { part: 'mail' });
  t.throws(() => lifecycle.onStop('late', () => {}), /while the app is stopping/);
});
