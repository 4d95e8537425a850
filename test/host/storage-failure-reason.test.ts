import t from 'tap';
import { CmsError, Errors } from '../../core/errors/index.js';
import { explainingStorageFailure, rootReason } from '../../host/startup/storage-failure-reason.js';

t.test("the reason is the driver's, from the bottom of the causes", async (t) => {
  const driver = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3399'), { code: 'ECONNREFUSED' });
  t.equal(rootReason(new CmsError(Errors.STORAGE_UNAVAILABLE, undefined, { cause: driver })), driver.message);
  const everyAddress = new AggregateError([new Error('connect ECONNREFUSED ::1:3399'), driver]);
  t.equal(rootReason(new Error('wrapped', { cause: everyAddress })), 'connect ECONNREFUSED ::1:3399');
  t.equal(rootReason(Object.assign(new Error(''), { code: 'ETIMEDOUT' })), 'ETIMEDOUT', 'no message: the code');
  t.equal(rootReason(new Error('first line\nsecond line')), 'first line', 'one line');
});

t.test('a failing step becomes a start-up error naming the driver and its target', async (t) => {
  await t.rejects(
    explainingStorageFailure({ driver: 'mysql', target: 'mysql://cms:***@db:3306/cms' }, async () => {
      throw new CmsError(Errors.STORAGE_FAILED, undefined, { cause: new Error("Unknown database 'cms'") });
    }),
    {
      name: 'StartupError',
      message: "Storage mysql (mysql://cms:***@db:3306/cms) cannot be used: Unknown database 'cms'",
    },
  );
  t.equal(await explainingStorageFailure({ driver: 'sqlite' }, async () => 42), 42);
});
