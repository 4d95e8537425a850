import t from 'tap';
import { HashQueue } from '../../../core/auth/hash-queue.js';
import { CmsError, Errors, isCmsError } from '../../../core/errors/index.js';

/** A piece of work that ends when the test says so. */
function held(): { work: () => Promise<string>; finish: (value: string) => void; started: boolean } {
  let finish!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (finish = resolve));
  const item = {
    started: false,
    finish: (value: string) => finish(value),
    work: () => {
      item.started = true;
      return promise;
    },
  };
  return item;
}

/** Lets queued continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

t.test('at most `concurrency` run at once; the others wait their turn, first come first served', async (t) => {
  const queue = new HashQueue({ concurrency: 2, maxWaiting: 5 });
  const items = [held(), held(), held(), held()];
  const results = items.map((item) => queue.run(item.work, 'high'));
  await settle();
  t.same(
    items.map((i) => i.started),
    [true, true, false, false],
  );
  t.same(queue.load, { running: 2, waiting: 2 });
  items[1]!.finish('b');
  t.equal(await results[1], 'b');
  await settle();
  t.same(
    items.map((i) => i.started),
    [true, true, true, false],
    'the first in line got the free turn',
  );
  items[0]!.finish('a');
  items[2]!.finish('c');
  await settle();
  t.ok(items[3]!.started);
  items[3]!.finish('d');
  t.same(await Promise.all(results), ['a', 'b', 'c', 'd']);
  t.same(queue.load, { running: 0, waiting: 0 });
  t.equal(queue.started, 4);
});

t.test(
  'with two turns or more, one is kept for high priority: a genuine caller never waits for strangers',
  async (t) => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 5 });
    const strangers = [held(), held()];
    const results = strangers.map((item) => queue.run(item.work));
    await settle();
    t.same(
      strangers.map((i) => i.started),
      [true, false],
      'normal work takes one turn of two',
    );
    const genuine = held();
    const genuineResult = queue.run(genuine.work, 'high');
    await settle();
    t.ok(genuine.started, 'high work starts at once in the kept turn');
    genuine.finish('g');
    await genuineResult;
    await settle();
    t.notOk(strangers[1]!.started, 'the kept turn stays kept');
    strangers[0]!.finish('a');
    await settle();
    t.ok(strangers[1]!.started);
    strangers[1]!.finish('b');
    t.same(await Promise.all(results), ['a', 'b']);
  },
);

t.test('when running and waiting are full, more work is refused at once with Retry-After', async (t) => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
  const running = held();
  const waiting = held();
  const first = queue.run(running.work);
  const second = queue.run(waiting.work);
  const refused = await queue.run(held().work).catch((error: unknown) => error);
  t.ok(isCmsError(refused, Errors.AUTH_BUSY), 'AUTH_BUSY');
  t.equal((refused as CmsError).kind, 'unavailable');
  t.ok((refused as CmsError).retryAfterSeconds! > 0);
  t.equal(queue.started, 1, 'the refused work never ran');
  running.finish('1');
  waiting.finish('2');
  t.same(await Promise.all([first, second]), ['1', '2']);
  t.equal(await queue.run(async () => 'again'), 'again', 'turns free up again');
});

t.test('a failing piece of work frees its turn', async (t) => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 0 });
  await t.rejects(
    queue.run(() => Promise.reject(new Error('scrypt failed'))),
    /scrypt failed/,
  );
  t.equal(await queue.run(async () => 'next'), 'next');
});

t.test('waiters go by priority, then in order of arrival', async (t) => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 10 });
  const order: string[] = [];
  const first = held();
  const running = queue.run(first.work);
  const waiting = (['low', 'normal', 'high', 'normal', 'high'] as const).map((priority, i) =>
    queue.run(async () => void order.push(`${priority}-${i}`), priority),
  );
  first.finish('done');
  await Promise.all([running, ...waiting]);
  t.same(order, ['high-2', 'high-4', 'normal-1', 'normal-3', 'low-0']);
});

t.test('a full queue makes room for higher priority by refusing the last-come waiter of the lowest', async (t) => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 3 });
  const first = held();
  const running = queue.run(first.work);
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ran',
      (error: unknown) => (isCmsError(error, Errors.AUTH_BUSY) ? 'busy' : 'failed'),
    );
  const low1 = outcome(queue.run(async () => undefined, 'low'));
  const low2 = outcome(queue.run(async () => undefined, 'low'));
  const normal = outcome(queue.run(async () => undefined, 'normal'));
  const high = outcome(queue.run(async () => undefined, 'high'));
  t.equal(await low2, 'busy', 'the last low waiter gave its place to the high one');
  t.equal(await outcome(queue.run(async () => undefined, 'low')), 'busy', 'a low one finds no room');
  const normal2 = outcome(queue.run(async () => undefined, 'normal'));
  t.equal(await low1, 'busy', 'a normal one displaces the remaining low one');
  t.equal(
    await outcome(queue.run(async () => undefined, 'normal')),
    'busy',
    'nothing below normal is left to displace',
  );
  first.finish('done');
  await running;
  t.same(await Promise.all([high, normal, normal2]), ['ran', 'ran', 'ran']);
  t.same(queue.load, { running: 0, waiting: 0 });
});
