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
  const results = items.map((item) => queue.run(item.work));
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
