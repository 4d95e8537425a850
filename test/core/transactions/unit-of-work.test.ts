import t, { type Test } from 'tap';
import { Config } from '../../../core/config/config.js';
import type { Logger } from '../../../core/logger.js';
import { silentLogger } from '../../../core/logger.js';
import type { DriverStorage } from '../../../core/plugin/storage/index.js';
import { UnitOfWork, withUnitOfWork } from '../../../core/transactions/unit-of-work.js';
import sqlitePlugin from '../../../plugins/storage/sqlite/index.js';
import { tempDataDir } from '../../helpers/test-app.js';

async function openDriver(t: Test): Promise<DriverStorage> {
  const dataDir = tempDataDir(t);
  const [driver] = (await sqlitePlugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers!;
  const storage = await driver!.open({ config: new Config(), dataDir, logger: silentLogger });
  await storage.migrate();
  t.teardown(() => storage.close());
  return storage;
}

function capturingLog(): { log: Logger; errors: Array<Record<string, unknown>> } {
  const errors: Array<Record<string, unknown>> = [];
  const log: Logger = {
    ...silentLogger,
    error: (fields) => void errors.push(fields as Record<string, unknown>),
    child: () => log,
  };
  return { log, errors };
}

t.test('effects run after the commit, in registration order, and see the committed data', async (t) => {
  const driver = await openDriver(t);
  const storage = withUnitOfWork(driver, silentLogger);
  const seen: string[] = [];
  const result = await storage.transaction(async (tx) => {
    await tx.settings.putIfAbsent('k1', 'v1');
    tx.afterCommit(async () => void seen.push(`first:${await driver.settings.get('k1')}`), { what: 'a' });
    await tx.transaction(async (inner) => {
      await inner.settings.putIfAbsent('k2', 'v2');
      inner.afterCommit(() => void seen.push('nested'), { what: 'b' });
    });
    t.same(seen, [], 'nothing runs before the outer commit, not even at the end of a nested transaction');
    tx.afterCommit(() => void seen.push('last'), { what: 'c' });
    return 'done';
  });
  t.equal(result, 'done');
  t.same(seen, ['first:v1', 'nested', 'last']);
});

t.test('a rollback drops every effect', async (t) => {
  const storage = withUnitOfWork(await openDriver(t), silentLogger);
  let ran = false;
  await t.rejects(
    storage.transaction(async (tx) => {
      await tx.settings.putIfAbsent('gone', 'x');
      tx.afterCommit(() => void (ran = true), { what: 'mail' });
      throw new Error('changed my mind');
    }),
    { message: 'changed my mind' },
  );
  t.equal(ran, false);
  t.equal(await storage.settings.get('gone'), undefined, 'and the change');
});

t.test('a failing effect is logged with its item and undoes nothing; the others still run', async (t) => {
  const { log, errors } = capturingLog();
  const storage = withUnitOfWork(await openDriver(t), log);
  const seen: string[] = [];
  await storage.transaction(async (tx) => {
    await tx.settings.putIfAbsent('kept', 'yes');
    tx.afterCommit(
      () => {
        throw new Error('smtp down');
      },
      { identifier: 'item-1', what: 'notify' },
    );
    tx.afterCommit(() => void seen.push('after'), { what: 'index' });
  });
  t.equal(await storage.settings.get('kept'), 'yes');
  t.same(seen, ['after']);
  t.equal(errors.length, 1);
  t.match(errors[0], { identifier: 'item-1', effect: 'notify', err: { message: 'smtp down' } });
});

t.test('undo work runs after a rollback and after a lost attempt, never after a commit', async (t) => {
  const driver = await openDriver(t);
  const storage = withUnitOfWork(driver, silentLogger);
  const undone: string[] = [];
  await t.rejects(
    storage.transaction(async (tx) => {
      tx.afterRollback(() => void undone.push('file-1'), { what: 'asset' });
      throw new Error('refused');
    }),
  );
  t.same(undone, ['file-1'], 'after a rollback');
  await storage.transaction(async (tx) => {
    tx.afterRollback(() => void undone.push('file-2'), { what: 'asset' });
  });
  t.same(undone, ['file-1'], 'not after a commit');

  const retrying: DriverStorage = Object.create(driver);
  retrying.transaction = (work) =>
    driver.transaction(async (tx) => {
      await work(tx).catch(() => undefined);
      return work(tx);
    });
  let attempt = 0;
  await withUnitOfWork(retrying, silentLogger).transaction(async (tx) => {
    attempt++;
    tx.afterRollback(() => void undone.push(`attempt-${attempt}`), { what: 'asset' });
    if (attempt === 1) throw new Error('deadlock');
  });
  t.same(undone, ['file-1', 'attempt-1'], 'the lost attempt is undone, the committed one is not');
});

t.test('outside a transaction an effect runs at once', async (t) => {
  const storage = withUnitOfWork(await openDriver(t), silentLogger);
  const ran = new Promise<string>((resolve) => storage.afterCommit(() => resolve('ran'), { what: 'now' }));
  t.equal(await ran, 'ran');
});

t.test('a transaction the driver runs again registers its effects once', async (t) => {
  const driver = await openDriver(t);
  // A driver may run the work again when the database killed an attempt (the contract allows it):
  // this one always does, the way MySQL's deadlock retry does.
  const retrying: DriverStorage = Object.create(driver);
  retrying.transaction = (work) =>
    driver.transaction(async (tx) => {
      await work(tx).catch(() => undefined);
      return work(tx);
    });
  const storage = withUnitOfWork(retrying, silentLogger);
  let attempts = 0;
  const sent: number[] = [];
  await storage.transaction(async (tx) => {
    attempts++;
    tx.afterCommit(() => void sent.push(attempts), { what: 'mail' });
    if (attempts === 1) throw new Error('deadlock');
  });
  t.equal(attempts, 2);
  t.same(sent, [2], 'only the attempt that committed');

  const unit = new UnitOfWork();
  unit.afterCommit({ run: () => void sent.push(99), about: { what: 'x' } });
  await unit.rollBack(silentLogger);
  await unit.commit(silentLogger);
  t.same(sent, [2]);
});
