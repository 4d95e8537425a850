import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { RecordNotUnique, role } from './fixtures.js';

/** Transactions: commit, rollback, nesting and concurrency; migrating again; ping. */
export function transactionSuite(t: ContractTest, open: OpenStorage): void {
  t.test('transactions commit together, roll back together, and nest', async (t) => {
    const s = await open(t);
    await s.transaction(async (tx) => {
      await tx.roles.insert(role('a'));
      await tx.transaction(async (inner) => inner.roles.insert(role('b')));
      t.ok(await tx.roles.findById('b'), 'a transaction sees its own writes');
    });
    t.ok(await s.roles.findById('a'));
    t.ok(await s.roles.findById('b'));

    await t.rejects(
      s.transaction(async (tx) => {
        await tx.roles.insert(role('c'));
        await tx.transaction(async (inner) => inner.roles.insert(role('d')));
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    t.equal(await s.roles.findById('c'), undefined, 'rolled back');
    t.equal(await s.roles.findById('d'), undefined, 'the nested part rolled back with it');

    await t.rejects(
      s.transaction(async (tx) => {
        await tx.roles.insert(role('e'));
        await tx.roles.insert(role('f', { key: 'key-a' }));
      }),
      RecordNotUnique,
      'errors inside a transaction are translated too',
    );
    t.equal(await s.roles.findById('e'), undefined);
  });

  t.test('a write outside a transaction survives a concurrent transaction that fails', async (t) => {
    const s = await open(t);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const failing = s.transaction(async (tx) => {
      await tx.roles.insert(role('in-tx'));
      await gate;
      throw new Error('boom');
    });
    const outside = s.roles.insert(role('outside'));
    release();
    await t.rejects(failing, /boom/);
    await outside;
    t.ok(await s.roles.findById('outside'), 'the independent write was kept');
    t.equal(await s.roles.findById('in-tx'), undefined);
  });

  t.test('migrating again is harmless; ping answers', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('kept'));
    await s.migrate();
    t.ok(await s.roles.findById('kept'));
    await s.ping();
    t.pass('ping answered');
  });

  t.test('concurrent transactions: the one that fails rolls back alone', async (t) => {
    const s = await open(t);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        s.transaction(async (tx) => {
          await tx.roles.insert(role(`c${i}`));
          if (i === 5) throw new Error('five fails');
          return i;
        }),
      ),
    );
    t.same(
      results.map((r) => r.status),
      results.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')),
    );
    for (let i = 0; i < 12; i++) t.equal(Boolean(await s.roles.findById(`c${i}`)), i !== 5, `c${i}`);
  });
}
