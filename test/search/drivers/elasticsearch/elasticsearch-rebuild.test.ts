import t, { type Test } from 'tap';
import { ConflictError } from '../../../../core/plugin/kit.js';
import { fakeElasticsearch } from './fake-elasticsearch.js';
import { failure, openDriver, type LogLine } from './open-driver.js';
import { laterMillisecond } from '../../../helpers/wait-async.js';

async function opened(t: Test) {
  const fake = await fakeElasticsearch(t);
  const index = await openDriver(t, { 'search.elasticsearch.url': fake.url });
  const [current] = fake.indices.keys();
  fake.received.length = 0;
  return { fake, index, current: current! };
}

t.test(
  'rebuild fills a new concrete index; complete swaps the alias in one call and drops the old index',
  async (t) => {
    const { fake, index, current } = await opened(t);
    await laterMillisecond(); // a later timestamp than the first index's
    const rebuild = await index.rebuild();
    const create = fake.received.find((r) => r.method === 'PUT')!;
    const target = create.path.slice(1);
    t.match(target, /^cms-content-\d{17}$/);
    t.not(target, current);
    t.notOk('aliases' in (create.json as object), 'created without the alias: searches still read the current index');
    t.ok((create.json as { mappings?: unknown }).mappings, 'with the mapping');

    await rebuild.index([{ id: 'a', Title: 'x' }]);
    await rebuild.remove(['b']);
    await index.index([{ id: 'c' }]);
    const bulks = fake.received
      .filter((r) => r.path === '/_bulk')
      .map((r) => (r.json as Array<Record<string, { _index?: string }>>)[0]);
    t.same(
      bulks.map((b) => Object.values(b!)[0]!._index),
      [target, target, 'cms-content'],
      'the rebuild writes to its index, the index to the alias',
    );

    fake.received.length = 0;
    await rebuild.complete();
    const swaps = fake.received.filter((r) => r.path === '/_aliases');
    t.equal(swaps.length, 1, 'one _aliases call');
    t.same(swaps[0]!.json, {
      actions: [
        { remove: { index: current, alias: 'cms-content' } },
        { add: { index: target, alias: 'cms-content', is_write_index: true } },
      ],
    });
    const order = fake.received.map((r) => `${r.method} ${r.path}`);
    t.ok(
      order.indexOf(`POST /${target}/_refresh`) < order.indexOf('POST /_aliases'),
      'refreshed before it is searched',
    );
    t.ok(
      order.indexOf('POST /_aliases') < order.indexOf(`DELETE /${current}`),
      'the old index is dropped after the swap',
    );
    t.same([...fake.indices.keys()], [target]);
    t.ok(fake.indices.get(target)!.aliases.has('cms-content'));

    t.ok(
      (await failure(rebuild.index([{ id: 'late' }]))) instanceof ConflictError,
      'a finished rebuild takes nothing more',
    );
    const next = await index.rebuild();
    await next.abandon();
  },
);

t.test('an old index that cannot be deleted after the swap is logged, not a failed rebuild', async (t) => {
  const fake = await fakeElasticsearch(t);
  const logs: LogLine[] = [];
  const index = await openDriver(t, { 'search.elasticsearch.url': fake.url }, logs);
  const [current] = fake.indices.keys();
  const rebuild = await index.rebuild();
  fake.override = (r) =>
    r.method === 'DELETE' ? { status: 503, body: { error: { type: 'x', reason: 'busy' } } } : undefined;
  await rebuild.complete();
  t.ok(logs.some((l) => l.level === 'warn' && /could not delete/.test(l.message)));
  t.notOk(fake.indices.get(current!)!.aliases.has('cms-content'), 'the swap stands');
});

t.test('abandon drops the new index; the alias stays', async (t) => {
  const { fake, index, current } = await opened(t);
  const rebuild = await index.rebuild();
  const target = fake.received.find((r) => r.method === 'PUT')!.path.slice(1);
  await rebuild.abandon();
  t.ok(fake.received.some((r) => r.method === 'DELETE' && r.path === `/${target}`));
  t.notOk(fake.received.some((r) => r.path === '/_aliases'));
  t.same([...fake.indices.keys()], [current]);
  t.ok((await failure(rebuild.complete())) instanceof ConflictError);
});

t.test('one rebuild at a time: a second is a ConflictError until the first ends', async (t) => {
  const { index } = await opened(t);
  const first = await index.rebuild();
  const second = await failure(index.rebuild());
  t.ok(second instanceof ConflictError);
  t.match(second, { message: /being rebuilt already/ });
  await first.abandon();
  const third = await index.rebuild();
  await third.abandon();
});

t.test('a rebuild whose index cannot be created leaves no rebuild running', async (t) => {
  const { fake, index } = await opened(t);
  fake.override = (r) =>
    r.method === 'PUT' ? { status: 500, body: { error: { type: 'x', reason: 'no space' } } } : undefined;
  t.match(await failure(index.rebuild()), { message: /no space/ });
  fake.override = undefined;
  const rebuild = await index.rebuild();
  await rebuild.abandon();
});
