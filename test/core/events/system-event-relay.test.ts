import t from 'tap';
import { SystemEventBus } from '../../../core/events/system-event-bus.js';
import { SystemEventRelay } from '../../../core/events/system-event-relay.js';
import { messageEvent } from '../../../core/events/message-event.js';
import type { RaisedEvent } from '../../../core/events/system-event.js';
import type { RepositorySet, StoredSystemEvent, SystemEventRepository } from '../../../core/plugin/storage/index.js';

/** The journal as a database shows it: numbers taken in order, rows visible once "committed". */
class Journal implements SystemEventRepository {
  rows: StoredSystemEvent[] = [];
  private next = 1;
  deletedBefore: number | undefined;

  /** Takes a number now; the row appears when `commit` is called (or never, for a rollback). */
  begin(origin: string, id: string, createdAt = 0): { seq: number; commit: () => void } {
    const seq = this.next++;
    const body = JSON.stringify(raised(id));
    return { seq, commit: () => void this.rows.push({ seq, origin, createdAt, body }) };
  }

  append(): Promise<void> {
    throw new Error('not used');
  }
  listAfter(seq: number, limit: number) {
    return Promise.resolve(
      this.rows
        .filter((r) => r.seq > seq)
        .sort((a, b) => a.seq - b.seq)
        .slice(0, limit),
    );
  }
  listSeqs(seqs: readonly number[]) {
    return Promise.resolve(this.rows.filter((r) => seqs.includes(r.seq)));
  }
  latestSeq() {
    return Promise.resolve(Math.max(0, ...this.rows.map((r) => r.seq)));
  }
  deleteBefore(createdAt: number) {
    this.deletedBefore = createdAt;
    this.rows = this.rows.filter((r) => r.createdAt >= createdAt);
    return Promise.resolve();
  }
}

function raised(id: string): RaisedEvent {
  return messageEvent({
    id,
    userId: 'u',
    text: id,
    fromUserId: 'u',
    identifier: null,
    createdAt: 0,
    readAt: null,
  });
}

function setUp() {
  const journal = new Journal();
  let now = 1_000_000;
  const bus = new SystemEventBus({ origin: 'me', journal: false });
  const seen: string[] = [];
  bus.subscribe((event) => seen.push(String(event.event.payload.data.id)));
  const relay = new SystemEventRelay({
    storage: { systemEvents: journal } as unknown as RepositorySet,
    bus,
    retentionMs: 60_000,
    gapWaitMs: 10_000,
    batchSize: 2,
    now: () => now,
  });
  return { journal, relay, seen, advance: (ms: number) => void (now += ms), now: () => now };
}

t.test('rows of other processes are published once, in order; the process’s own are skipped', async (t) => {
  const { journal, relay, seen } = setUp();
  journal.begin('other', 'before start').commit();
  await relay.start();
  journal.begin('other', 'a').commit();
  journal.begin('me', 'mine').commit();
  journal.begin('other', 'b').commit();
  journal.begin('other', 'c').commit();
  await relay.poll();
  t.strictSame(seen, ['a', 'b', 'c'], 'past the batch size, without what was there at start or its own');
  await relay.poll();
  t.strictSame(seen, ['a', 'b', 'c'], 'nothing twice');
});

t.test('a row committed after a later one is still delivered; a rolled-back number is given up', async (t) => {
  const { journal, relay, seen, advance } = setUp();
  await relay.start();
  const slow = journal.begin('other', 'slow');
  const never = journal.begin('other', 'rolled back');
  journal.begin('other', 'fast').commit();
  await relay.poll();
  t.strictSame(seen, ['fast']);
  slow.commit();
  await relay.poll();
  t.strictSame(seen, ['fast', 'slow'], 'the late commit arrives');
  advance(10_001);
  await relay.poll();
  never.commit();
  await relay.poll();
  t.strictSame(seen, ['fast', 'slow'], 'a number missing past the wait is no longer looked for');
});

t.test('rows past the retention are deleted', async (t) => {
  const { journal, relay, advance, now } = setUp();
  await relay.start();
  await relay.poll();
  t.equal(journal.deletedBefore, undefined, 'not before the retention has passed once');
  advance(60_000);
  await relay.poll();
  t.equal(journal.deletedBefore, now() - 60_000);
});
