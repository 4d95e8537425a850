import type { NewJob } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';

const job = (id: string, overrides: Partial<NewJob> = {}): NewJob => ({
  id,
  kind: 'mail',
  payload: JSON.stringify({ n: id }),
  idempotencyKey: `key-${id}`,
  maxAttempts: 3,
  nextRunAt: 100,
  createdAt: 100,
  ...overrides,
});

/** The job queue's storage: one job per key, claims that never overlap, leases, outcomes, administration. */
export function jobSuite(t: ContractTest, open: OpenStorage): void {
  t.test('jobs: one job per idempotency key', async (t) => {
    const s = await open(t);
    t.equal(await s.jobs.enqueue(job('j1')), 'j1');
    t.equal(await s.jobs.enqueue(job('j2', { idempotencyKey: 'key-j1' })), 'j1', 'the earlier job holds the key');
    t.equal((await s.jobs.list({ offset: 0, limit: 10 })).total, 1);
    const stored = await s.jobs.find('j1');
    t.match(stored, { kind: 'mail', status: 'pending', attempts: 0, leaseOwner: null, lastError: null });
  });

  t.test('jobs: concurrent claims take each due job once, and none not yet due', async (t) => {
    const s = await open(t);
    for (let i = 0; i < 20; i++) await s.jobs.enqueue(job(`c${i}`, { nextRunAt: 100 + i }));
    await s.jobs.enqueue(job('later', { nextRunAt: 10_000 }));
    const claims = await Promise.all(
      ['o1', 'o2', 'o3', 'o4'].map((owner) => s.jobs.claim({ limit: 8, now: 1000, owner, leaseUntil: 5000 })),
    );
    for (const [i, claimed] of claims.entries())
      for (const c of claimed)
        t.match(c, { status: 'running', attempts: 1, leaseOwner: `o${i + 1}`, leaseUntil: 5000 });
    // Claims that lost every candidate to another take the rest later: a claim may take fewer than are due.
    for (let rest = await s.jobs.claim({ limit: 8, now: 1000, owner: 'o5', leaseUntil: 5000 }); rest.length > 0;) {
      claims.push(rest);
      rest = await s.jobs.claim({ limit: 8, now: 1000, owner: `o${claims.length + 1}`, leaseUntil: 5000 });
    }
    const ids = claims.flat().map((claimed) => claimed.id);
    t.equal(new Set(ids).size, ids.length, 'no job in two claims');
    t.same(new Set(ids), new Set(Array.from({ length: 20 }, (_, i) => `c${i}`)), 'every due job, and only those');
    t.same(await s.jobs.claim({ limit: 8, now: 2000, owner: 'late', leaseUntil: 6000 }), [], 'running jobs are held');
  });

  t.test('jobs: a lapsed lease is claimed again; the first owner can no longer settle it', async (t) => {
    const s = await open(t);
    await s.jobs.enqueue(job('l1'));
    await s.jobs.claim({ limit: 1, now: 1000, owner: 'first', leaseUntil: 2000 });
    await s.jobs.renew(['l1'], 'first', 3000);
    t.same(await s.jobs.claim({ limit: 1, now: 2500, owner: 'second', leaseUntil: 9000 }), [], 'renewed');
    const [again] = await s.jobs.claim({ limit: 1, now: 3500, owner: 'second', leaseUntil: 9000 });
    t.match(again, { id: 'l1', attempts: 2, leaseOwner: 'second' });
    await s.jobs.complete('l1', 'first', 4000);
    t.equal((await s.jobs.find('l1'))!.status, 'running', 'a stale owner changes nothing');
    await s.jobs.complete('l1', 'second', 4000);
    t.match(await s.jobs.find('l1'), { status: 'done', leaseOwner: null, leaseUntil: null, updatedAt: 4000 });
  });

  t.test('jobs: failures reschedule or kill; retry and remove', async (t) => {
    const s = await open(t);
    await s.jobs.enqueue(job('f1'));
    await s.jobs.claim({ limit: 1, now: 1000, owner: 'o', leaseUntil: 2000 });
    await s.jobs.fail('f1', 'o', { status: 'pending', nextRunAt: 1500, lastError: 'refused', now: 1100 });
    t.match(await s.jobs.find('f1'), { status: 'pending', nextRunAt: 1500, lastError: 'refused', attempts: 1 });
    t.same(await s.jobs.claim({ limit: 1, now: 1400, owner: 'p', leaseUntil: 2000 }), [], 'not before its time');
    await s.jobs.claim({ limit: 1, now: 1500, owner: 'p', leaseUntil: 2000 });
    t.equal(await s.jobs.remove('f1'), false, 'a running job is not removed');
    await s.jobs.fail('f1', 'p', { status: 'dead', nextRunAt: 1600, lastError: 'refused again', now: 1600 });
    t.same(
      (await s.jobs.list({ status: 'dead', offset: 0, limit: 10 })).items.map((j) => j.id),
      ['f1'],
    );
    t.same(await s.jobs.claim({ limit: 1, now: 99_999, owner: 'q', leaseUntil: 100_000 }), [], 'dead jobs never run');
    t.match(await s.jobs.retry('f1', 2000), { status: 'pending', attempts: 0, nextRunAt: 2000 });
    t.equal(await s.jobs.retry('missing', 2000), undefined);
    t.equal(await s.jobs.remove('f1'), true);
    t.equal(await s.jobs.find('f1'), undefined);
    t.equal(await s.jobs.remove('f1'), false);
  });

  t.test('jobs: listing by status, newest first, paged; done jobs purged after their retention', async (t) => {
    const s = await open(t);
    for (let i = 0; i < 5; i++) await s.jobs.enqueue(job(`p${i}`, { createdAt: 100 + i }));
    const page = await s.jobs.list({ status: 'pending', offset: 1, limit: 2 });
    t.equal(page.total, 5);
    t.same(
      page.items.map((j) => j.id),
      ['p3', 'p2'],
    );
    const claimed = await s.jobs.claim({ limit: 2, now: 1000, owner: 'o', leaseUntil: 2000 });
    await s.jobs.complete(claimed[0]!.id, 'o', 1000);
    await s.jobs.complete(claimed[1]!.id, 'o', 3000);
    t.equal(await s.jobs.purgeDone(2000), 1, 'only the one done before the cut');
    t.equal((await s.jobs.list({ status: 'done', offset: 0, limit: 10 })).total, 1);
  });
}
