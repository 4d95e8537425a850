import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';

/** The journal of system events: increasing numbers, reads past a number or of given numbers, pruning, rollback. */
export function systemEventSuite(t: ContractTest, open: OpenStorage): void {
  t.test('system events journal: numbered in order, read past a number or by number, pruned by age', async (t) => {
    const s = await open(t);
    t.equal(await s.systemEvents.latestSeq(), 0, 'empty: 0');
    for (const [origin, createdAt, body] of [
      ['p1', 100, '{"a":1}'],
      ['p2', 200, '{"b":2}'],
      ['p1', 300, 'x'.repeat(100_000)],
    ] as const)
      await s.systemEvents.append({ origin, createdAt, body });
    const all = await s.systemEvents.listAfter(0, 10);
    t.strictSame(
      all.map((r) => [r.origin, r.createdAt, r.body.length]),
      [
        ['p1', 100, 7],
        ['p2', 200, 7],
        ['p1', 300, 100_000],
      ],
      'in insertion order, bodies whole',
    );
    t.ok(all[0]!.seq < all[1]!.seq && all[1]!.seq < all[2]!.seq, 'increasing numbers');
    t.equal(await s.systemEvents.latestSeq(), all[2]!.seq);
    t.strictSame(
      (await s.systemEvents.listAfter(all[0]!.seq, 1)).map((r) => r.seq),
      [all[1]!.seq],
      'past a number, limited',
    );
    t.strictSame(
      (await s.systemEvents.listSeqs([all[2]!.seq, all[0]!.seq, 999_999])).map((r) => r.seq),
      [all[0]!.seq, all[2]!.seq],
      'by number, the ones that exist, in order',
    );
    t.strictSame(await s.systemEvents.listSeqs([]), []);
    await s.systemEvents.deleteBefore(200);
    t.strictSame(
      (await s.systemEvents.listAfter(0, 10)).map((r) => r.createdAt),
      [200, 300],
      'older rows deleted',
    );
    await t.rejects(
      s.transaction(async (tx) => {
        await tx.systemEvents.append({ origin: 'p1', createdAt: 400, body: '{}' });
        throw new Error('rolls back');
      }),
    );
    t.strictSame(
      (await s.systemEvents.listAfter(0, 10)).map((r) => r.createdAt),
      [200, 300],
      'a rolled-back append leaves nothing',
    );
  });
}
