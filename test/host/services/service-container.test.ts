import t from 'tap';
import type { Declaration } from '../../../host/services/declare.js';
import { ServiceContainer } from '../../../host/services/index.js';

/** Declarations outside the app's record: names and values are the test's own. */
function containerOf(declarations: Record<string, { needs: string[]; build: (d: any) => unknown }>) {
  const built: string[] = [];
  const counted = Object.fromEntries(
    Object.entries(declarations).map(([name, d]) => [
      name,
      {
        needs: d.needs,
        build: (needs: unknown) => {
          built.push(name);
          return d.build(needs);
        },
      } as Declaration<unknown>,
    ]),
  );
  const container = new ServiceContainer(counted);
  const get = (name: string) => container.get(name as never) as unknown;
  return { container, get, built };
}

t.test('a service is built when first asked for, after what it needs, once, whatever the order declared', async (t) => {
  const { container, get, built } = containerOf({
    top: { needs: ['middle', 'base'], build: (d) => ({ middle: d.middle, base: d.base }) },
    middle: { needs: ['base'], build: (d) => ({ base: d.base }) },
    base: { needs: [], build: () => ({ id: 'base' }) },
    unused: { needs: [], build: () => 'never' },
  });
  t.same(built, [], 'nothing built before it is asked for');
  const top = get('top') as { middle: { base: unknown }; base: unknown };
  t.same(built, ['base', 'middle', 'top']);
  t.equal(top.middle.base, top.base, 'one instance shared');
  t.equal(get('top'), top, 'built once');
  t.same(built, ['base', 'middle', 'top']);
  t.notOk(container.has('unused' as never), 'what nobody asked for is never built');
});

t.test('a route module receives exactly the services it names', async (t) => {
  const { container } = containerOf({
    a: { needs: [], build: () => 1 },
    b: { needs: [], build: () => 2 },
    c: { needs: [], build: () => 3 },
  });
  t.same(container.pick(['a', 'c'] as never[]), { a: 1, c: 3 });
});

t.test('the services record reads each service lazily', async (t) => {
  const { container, built } = containerOf({ a: { needs: [], build: () => 'A' }, b: { needs: [], build: () => 'B' } });
  const record = container.record() as unknown as Record<string, string>;
  t.same(Object.keys(record), ['a', 'b']);
  t.same(built, []);
  t.equal(record.b, 'B');
  t.same(built, ['b']);
});

t.test('services needing each other in a circle fail with the circle named', async (t) => {
  const { get } = containerOf({
    a: { needs: ['b'], build: () => 'A' },
    b: { needs: ['c'], build: () => 'B' },
    c: { needs: ['a'], build: () => 'C' },
  });
  t.throws(() => get('a'), { message: 'Services need each other in a circle: a → b → c → a' });
});

t.test('each container builds instances of its own: several apps run in one process', async (t) => {
  const first = containerOf({ a: { needs: [], build: () => ({}) } });
  const second = containerOf({ a: { needs: [], build: () => ({}) } });
  t.not(first.get('a'), second.get('a'));
});
