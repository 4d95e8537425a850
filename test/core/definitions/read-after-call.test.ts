import t from 'tap';
import { readAfterCall, readAfterCallByKey } from '../../../core/definitions/read-after-call.js';

/** A stored value and a counting reader of it, resolving after a macrotask like a real driver may. */
function store(initial: string) {
  const state = { value: initial, reads: 0 };
  const read = async () => {
    state.reads++;
    const seen = state.value;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return seen;
  };
  return { state, read };
}

t.test('calls made in one turn share one read', async (t) => {
  const { state, read } = store('a');
  const shared = readAfterCall(read);
  const answers = await Promise.all([shared(), shared(), shared()]);
  t.same(answers, ['a', 'a', 'a']);
  t.equal(state.reads, 1);
});

t.test('the read starts after the call: a change made before it in the same turn is seen', async (t) => {
  const { state, read } = store('a');
  const shared = readAfterCall(read);
  const first = shared();
  state.value = 'b';
  t.equal(await first, 'b');
});

t.test('a call made while a read is under way waits for the next read and sees what changed', async (t) => {
  const { state, read } = store('a');
  const shared = readAfterCall(read);
  const first = shared();
  // The first read has started (it runs in the check phase) and has taken the value it will answer.
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(state.reads, 1);
  state.value = 'b';
  const second = shared();
  t.equal(await first, 'a');
  t.equal(await second, 'b', 'the later call is not given the read that may have missed its change');
  t.equal(state.reads, 2);
});

t.test('a failed read fails the calls that shared it, and the next call reads again', async (t) => {
  let fail = true;
  const shared = readAfterCall(async () => {
    if (fail) throw new Error('locked');
    return 'ok';
  });
  await t.rejects(Promise.all([shared(), shared()]), /locked/);
  fail = false;
  t.equal(await shared(), 'ok');
});

t.test('by key: the keys asked for in one turn are read in one batch, each key once', async (t) => {
  const values = new Map([
    ['a', 'A'],
    ['b', 'B'],
  ]);
  const batches: string[][] = [];
  const shared = readAfterCallByKey(async (keys) => {
    batches.push(keys);
    const seen = new Map(keys.map((key) => [key, values.get(key)]));
    await new Promise((resolve) => setTimeout(resolve, 5));
    return seen;
  });
  const first = [shared('a'), shared('b'), shared('a')];
  values.set('a', 'A2');
  t.same(await Promise.all(first), ['A2', 'B', 'A2'], 'a change made before the read starts is seen');
  t.same(batches, [['a', 'b']]);

  const pending = shared('a');
  await new Promise((resolve) => setImmediate(resolve));
  values.set('a', 'A3');
  const later = shared('a');
  t.equal(await pending, 'A2');
  t.equal(await later, 'A3', 'a call made while a batch is read waits for the next');
  t.same(batches, [['a', 'b'], ['a'], ['a']]);
});

t.test(
  'by key: a failed batch fails its callers, the next call reads again; a key left unanswered fails',
  async (t) => {
    let fail = true;
    const shared = readAfterCallByKey(async (keys) => {
      if (fail) throw new Error('locked');
      return new Map(keys.filter((key) => key !== 'lost').map((key) => [key, key.toUpperCase()]));
    });
    await t.rejects(Promise.all([shared('a'), shared('b')]), /locked/);
    fail = false;
    t.same(await Promise.all([shared('a'), shared('b')]), ['A', 'B']);
    await t.rejects(shared('lost'), /answered nothing for lost/);
  },
);
